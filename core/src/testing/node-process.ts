import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';

/** The built product, as operators run it (`node core/dist/main.js`). */
export const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
export const productBuilt = existsSync(mainFile);

/** One running process of the built product. */
export interface NodeProcess {
  url: string;
  process: ChildProcess;
  /** What it printed so far (standard output and error). */
  output(): string;
  alive(): boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the product with `env` on a free port (or `port`) and resolves once its /health answers 200. */
export async function startNodeProcess(env: NodeJS.ProcessEnv, port?: number): Promise<NodeProcess> {
  const listening = port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [mainFile], { env: { ...env, PORT: String(listening) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const node: NodeProcess = {
    url: `http://127.0.0.1:${listening}`,
    process: child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  await eventually(
    async () => {
      if (!node.alive()) throw new Error(`the node exited: ${output}`);
      // Refused until the node listens.
      return (await fetch(`${node.url}/health`).catch(() => undefined))?.ok;
    },
    'node start',
    60_000,
  );
  return node;
}
