import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// DESIGN §8.13 is enforced by lint: a module reaches another only through its index.ts, and modules never import
// each other in a cycle.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'switchboard/module-boundaries').map((message) => message.message);
}

describe('module boundaries lint rule', () => {
  it("refuses an import of another module's inner file", async () => {
    const errors = await boundaryErrors(
      'core/src/modules/dashboard/new-report.ts',
      "import { TicketModel } from '../tickets/ticket.model.js';\nexport type T = TicketModel;\n",
    );
    expect(errors).toEqual([expect.stringContaining("import its public face, '../tickets/index.js'")]);
  });

  it('refuses a deep import from outside the modules too', async () => {
    const errors = await boundaryErrors(
      'core/src/new-entry.ts',
      "export { SessionManager } from './modules/connections/session-manager.js';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a module use another's public face and its own files", async () => {
    const errors = await boundaryErrors(
      'core/src/modules/dashboard/new-report.ts',
      "import { TicketModel } from '../tickets/index.js';\nimport { dashboardModule } from './dashboard.module.js';\nexport type T = [TicketModel, typeof dashboardModule];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses an import that closes a cycle between modules, naming it', async () => {
    // companies imports plans (a company is on a plan): plans importing companies would close the cycle.
    const errors = await boundaryErrors(
      'core/src/modules/plans/new-report.ts',
      "import { CompanyModel } from '../companies/index.js';\nexport type C = CompanyModel;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Import cycle between modules: plans → companies → plans')]);
  });

  it('refuses a longer cycle through several modules', async () => {
    // routing imports tickets, tickets imports contacts: contacts importing routing closes contacts → routing → ... → contacts.
    const errors = await boundaryErrors(
      'core/src/modules/contacts/new-report.ts',
      "import { routingModule } from '../routing/index.js';\nexport const m = routingModule;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/Import cycle between modules: contacts → routing → .* → contacts/)]);
  });

  it('lets tests reach into other modules for their fixtures', async () => {
    const errors = await boundaryErrors(
      'core/src/modules/dashboard/__tests__/new-report.test.ts',
      "import { TicketModel } from '../../tickets/ticket.model.js';\nexport type T = TicketModel;\n",
    );
    expect(errors).toEqual([]);
  });
});
