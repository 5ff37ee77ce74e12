import { relative } from 'node:path';
import { writePlugin } from './plugin-templates.js';
import { parseStarterArguments, StarterError, USAGE } from './starter-options.js';

/** Where the starter writes to: the console, or a test's lines. */
export interface StarterOutput {
  cwd: string;
  print(line: string): void;
  fail(line: string): void;
}

/** What each kind of plugin adds to Switchboard, said after writing it. */
const KIND_PURPOSE = {
  channel: 'a channel: connections of it carry conversations to and from your messaging service',
  integration: 'an integration: a bot that answers conversations through your service',
  payment: 'a payment provider: Pix charges for Switchboard invoices through your provider',
} as const;

/** Runs the starter with its command line; answers the process's exit code (1 for a refusal, told in one line). */
export async function runStarter(args: string[], output: StarterOutput): Promise<number> {
  try {
    const options = parseStarterArguments(args, output.cwd);
    if (!options) {
      output.print(USAGE);
      return 0;
    }
    const files = writePlugin(options);
    const folder = relative(output.cwd, options.directory) || '.';
    output.print(`Wrote ${options.packageName}, ${KIND_PURPOSE[options.kind]}, in ${options.directory}:`);
    for (const file of files) output.print(`  ${file.path}`);
    output.print('');
    output.print('Next steps:');
    output.print(`  cd ${folder.includes(' ') ? JSON.stringify(folder) : folder}`);
    output.print('  npm install');
    output.print('  npm test        # builds it and runs the sdk conformance kit against a local fake of the service');
    output.print("Then replace the fake service's API with yours: README.md says where.");
    return 0;
  } catch (error) {
    if (error instanceof StarterError) {
      output.fail(`create-switchboard-plugin: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
