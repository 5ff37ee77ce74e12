import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// The tenancy rule of DESIGN §4 is enforced by lint: a module that imports the raw database, or the system service
// outside the listed system paths, does not pass `npm run lint`.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('tenancy lint rule', () => {
  it('refuses the raw database in a module', async () => {
    const errors = await restrictedImports(
      'core/src/modules/tickets/new-report.ts',
      "import { Database } from '../../platform/database/database.js';\nexport type D = Database;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Tenancy')]);
  });

  it('refuses the raw database in a plugin', async () => {
    const errors = await restrictedImports(
      'plugins/channel-webchat/src/new-store.ts',
      "import type { Database } from '../../../core/src/platform/database/database.js';\nexport type D = Database;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses the system service outside the listed system paths', async () => {
    const errors = await restrictedImports(
      'core/src/modules/contacts/new-export.ts',
      "import { SystemData } from '../../platform/system-data.js';\nexport type S = SystemData;\n",
    );
    expect(errors).toEqual([expect.stringContaining('SystemData')]);
  });

  it('lets a module reach data through Tenancy', async () => {
    const errors = await restrictedImports(
      'core/src/modules/tickets/new-report.ts',
      "import { Tenancy } from '../../platform/tenancy.js';\nexport type T = Tenancy;\n",
    );
    expect(errors).toEqual([]);
  });

  it('lets a listed system path use the system service', async () => {
    const errors = await restrictedImports(
      'core/src/modules/companies/first-start.service.ts',
      "import { SystemData } from '../../platform/system-data.js';\nexport type S = SystemData;\n",
    );
    expect(errors).toEqual([]);
  });
});
