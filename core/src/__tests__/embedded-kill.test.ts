import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eventually } from '../testing/eventually.js';
import { freePort, mainFile, productBuilt, startNodeProcess, type NodeProcess } from '../testing/node-process.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';

/**
 * The embedded default (one process, PGlite in DATA_DIR) killed with SIGKILL while a website visitor writes, then
 * started again as a supervisor would (Docker's restart policy, systemd): every message the server acknowledged is
 * stored exactly once, the service answers again, and an agent's socket is live on it.
 */
if (process.env.CI === 'true' && !productBuilt) throw new Error(`the embedded kill test needs a build: ${mainFile}`);
(productBuilt ? describe : describe.skip)('the embedded server killed with SIGKILL', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let port: number;
  const nodes: NodeProcess[] = [];
  let socket: Socket | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-embedded-kill-'));
    port = await freePort();
    // No DATABASE_URL nor REDIS_URL: the embedded default.
    env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    };
  });

  afterAll(async () => {
    socket?.close();
    for (const node of nodes) if (node.alive()) node.process.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged message once, and serves again when started after the kill', async () => {
    const first = await startNodeProcess(env, port);
    nodes.push(first);
    const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const created = await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
    expect(created.status).toBe(201);
    const widget = created.body.publicId as string;
    const session = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Visitante' } });
    const headers = { authorization: `Bearer ${session.body.visitorToken as string}` };
    const say = (body: string) =>
      api(first, 'POST', `/widget/${widget}/messages`, { headers, body: { body } }).then(
        (answer) => answer.status,
        () => 0,
      );

    // The visitor keeps writing; the process is killed after the eighth message is sent, answered or not.
    const acknowledged: string[] = [];
    const writing = (async () => {
      for (let index = 0; index < 16; index += 1) {
        const body = `mensagem ${index}`;
        const sent = say(body);
        if (index === 8) first.process.kill('SIGKILL');
        if ((await sent) === 200) acknowledged.push(body);
      }
    })();
    await writing;
    await eventually(() => !first.alive() || undefined, 'the process gone');
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    const restartedAt = Date.now();
    const second = await startNodeProcess(env, port);
    nodes.push(second);
    console.log(`embedded restart: serving ${Date.now() - restartedAt} ms after the new process was started`);

    const transcript = await api(second, 'GET', `/widget/${widget}/messages`, { headers });
    expect(transcript.status).toBe(200);
    const stored = (transcript.body.messages as { body: string; fromMe: boolean }[]).filter((m) => !m.fromMe).map((m) => m.body);
    for (const body of acknowledged) expect(stored.filter((seen) => seen === body)).toHaveLength(1);

    // An agent's screen on the restarted server gets what arrives now.
    const agent = (await api(second, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const events: { event: string; payload: any }[] = [];
    socket = connectSocket(second.url, { auth: { token: agent }, transports: ['websocket'] });
    socket.onAny((event, payload) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => socket!.once('connect', () => resolve()).once('connect_error', reject));
    expect((await api(second, 'POST', `/widget/${widget}/messages`, { headers, body: { body: 'depois' } })).status).toBe(200);
    await eventually(
      () => events.some((entry) => entry.event === 'appMessage' && entry.payload.message?.body === 'depois') || undefined,
      "the agent's socket live after the restart",
    );
  }, 120_000);
});
