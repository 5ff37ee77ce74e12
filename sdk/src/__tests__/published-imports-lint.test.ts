import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// The sdk is installed by outside plugin authors on its own: lint keeps server packages out of its code and types.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function importErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'sdk/src/new-contract.ts') });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('what the published sdk may import', () => {
  it('refuses a server package, even for types only', async () => {
    expect(await importErrors("import type { Router } from 'express';\nexport type R = Router;\n")).toEqual([
      expect.stringContaining("'express' import is restricted"),
    ]);
    expect(await importErrors("import type { Namespace } from 'socket.io';\nexport type N = Namespace;\n")).toHaveLength(1);
    expect(await importErrors("export { Container } from 'inversify/lib/container';\n")).toHaveLength(1);
  });

  it('lets it use its own files, node built-ins, yup and its peers', async () => {
    const code = [
      "import { readFile } from 'node:fs/promises';",
      "import { object } from 'yup';",
      "import { injectable } from 'inversify';",
      "import 'reflect-metadata';",
      "import type { Ack } from './domain.js';",
      "import type { PluginHost } from '../src/channel.js';",
      'export type T = [typeof readFile, typeof object, typeof injectable, Ack, PluginHost];',
    ].join('\n');
    expect(await importErrors(code)).toEqual([]);
  });
});
