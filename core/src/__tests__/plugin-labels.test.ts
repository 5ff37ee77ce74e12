import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { languages } from '@switchboard/sdk/contracts';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../testing/test-server.js';

/**
 * The settings forms the web builds from GET /plugins name their labels and help by i18n keys: every key a loaded
 * plugin names must be in each language's texts, or an admin reads a raw key in the connection or integration dialog.
 */

type Tree = { [key: string]: string | Tree };

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src');

/** Every `locales/<language>.json` under web/src, merged as the web app merges them. */
async function webTexts(language: string): Promise<Tree> {
  const merged: Tree = {};
  const merge = (target: Tree, source: Tree) => {
    for (const [key, value] of Object.entries(source)) {
      const current = target[key];
      if (typeof value === 'object' && typeof current === 'object') merge(current, value);
      else target[key] = value;
    }
  };
  for (const entry of await readdir(webSrc, { recursive: true })) {
    if (path.basename(path.dirname(entry)) === 'locales' && path.basename(entry) === `${language}.json`) {
      merge(merged, JSON.parse(await readFile(path.join(webSrc, entry), 'utf8')) as Tree);
    }
  }
  return merged;
}

function has(tree: Tree, key: string): boolean {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  return typeof value === 'string';
}

let server: TestServer;
let company: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("plugins' settings forms", () => {
  it('name only texts that exist in every language of the web app', async () => {
    const answer = await api(server, 'GET', '/plugins', { token: company.admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.payments.map((payment: { provider: string }) => payment.provider)).toContain('asaas');
    const descriptions = [...answer.body.channels, ...answer.body.integrations, ...answer.body.payments].map(
      (plugin: { description: { settings?: { label: string; help?: string }[] } }) => plugin.description,
    );
    const keys = new Set(
      descriptions
        .flatMap((description) => description.settings ?? [])
        .flatMap((field) => [field.label, field.help])
        .filter((text): text is string => typeof text === 'string' && /^[\w-]+(\.[\w-]+)+$/.test(text)),
    );
    expect(keys.size).toBeGreaterThan(20);
    for (const language of languages) {
      const texts = await webTexts(language);
      expect({ language, missing: [...keys].filter((key) => !has(texts, key)) }).toEqual({ language, missing: [] });
    }
  });
});
