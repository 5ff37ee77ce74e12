#!/usr/bin/env node
// create-switchboard-plugin <name> --kind channel|integration|payment: what `npm init switchboard-plugin` runs.
import { runStarter } from './run-starter.js';

try {
  process.exitCode = await runStarter(process.argv.slice(2), {
    cwd: process.cwd(),
    print: (line) => console.log(line),
    fail: (line) => console.error(line),
  });
} catch (error) {
  // Not a refusal: a file that could not be written (permissions, a full disk). Still one line.
  console.error(`create-switchboard-plugin: ${(error as Error).message}`);
  process.exitCode = 1;
}
