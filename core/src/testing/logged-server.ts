import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig } from '@switchboard/config';
import { startServer, type RunningServer } from '../server.js';
import { TEST_ADMIN } from './test-server.js';

/** A log line as pino writes it. */
export interface LogLine {
  msg: string;
  level: number;
  err?: unknown;
}

export interface LoggedServer {
  server: RunningServer;
  /** Every line the server logged so far (info and above). */
  logLines: LogLine[];
  /** Closes the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A whole server on the given configuration (the outage tests point DATABASE_URL or REDIS_URL at a relay), with its
 * own data folder and secret, whose log lines the test reads.
 */
export async function startLoggedServer(name: string, env: Record<string, string>): Promise<LoggedServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sb-${name}-`));
  const logLines: LogLine[] = [];
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as LogLine);
  });
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...env,
    }),
    redisPrefix: `sbtest:${process.pid}:${name}:${randomBytes(3).toString('hex')}:`,
    announce: () => {},
    logDestination: log,
  });
  return {
    server,
    logLines,
    stop: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
