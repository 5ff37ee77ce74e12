import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'];

function localeDirs(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(full);
    else found.push(...localeDirs(full));
  }
  return found;
}

function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18n parity (spec 1 §1: pt-BR, en, es and tr)', () => {
  const dirs = localeDirs(src);

  it('finds the locale folders of the app and its features', () => {
    expect(dirs.length).toBeGreaterThan(1);
  });

  it.each(dirs.map((dir) => [path.relative(src, dir), dir]))('%s has the same keys in every language', (_name, dir) => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort();
    expect(files).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
    const keys = Object.fromEntries(
      LANGUAGES.map((language) => [language, keysOf(JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'))).sort()]),
    );
    for (const language of LANGUAGES.slice(1)) {
      const missing = keys['pt-BR'].filter((key) => !keys[language].includes(key));
      const extra = keys[language].filter((key) => !keys['pt-BR'].includes(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('has no empty texts', () => {
    for (const dir of dirs)
      for (const language of LANGUAGES) {
        const tree = JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
        const flat = keysOf(tree);
        const get = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], tree);
        expect(flat.filter((key) => typeof get(key) !== 'string' || get(key).trim() === '')).toEqual([]);
      }
  });
});
