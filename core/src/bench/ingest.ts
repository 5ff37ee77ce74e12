/**
 * npm run bench:ingest — inbound messages per second through the whole pipeline (adapter event → committed →
 * emitted) on PostgreSQL, beside the ceiling measured in the same run with the same pool: one transaction
 * with an INSERT of the message and an UPDATE of its ticket per message. Needs DATABASE_URL.
 * The two run in alternating slices (BENCH_SLICES), so that both meet the same load on a shared machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@switchboard/config';
import type { ConnectionInfo } from '@switchboard/sdk';
import { InboundPipeline } from '../modules/conversations/index.js';
import { startServer } from '../server.js';
import { createTestDatabase } from '../testing/test-database.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SLICES = Number(process.env.BENCH_SLICES ?? 10);

/** Runs work(index) for index in [from, to), CONCURRENCY at a time; answers the seconds it took. */
async function inParallel(from: number, to: number, work: (index: number) => Promise<void>): Promise<number> {
  let next = from;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await work(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench:ingest measures PostgreSQL: set DATABASE_URL');
  const testDatabase = await createTestDatabase({ migrate: false });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: testDatabase.url!,
    DATABASE_POOL_MAX: String(CONCURRENCY),
    APP_SECRET: randomBytes(32).toString('hex'),
  });
  const server = await startServer({ config, announce: () => {} });
  try {
    const knex = server.ports.database.knex;
    const [{ id: companyId }] = await knex('companies')
      .insert({ name: 'Bench', plan_id: 1, due_date: new Date(Date.now() + 86_400_000) })
      .returning('id');
    const [{ id: connectionId }] = await knex('connections')
      .insert({ company_id: companyId, name: 'Bench', channel: 'bench' })
      .returning('id');
    const connection: ConnectionInfo = { id: connectionId, companyId, name: 'Bench', channel: 'bench', settings: {} };
    const pipeline = server.container.get(InboundPipeline);
    let queries = 0;
    const countQuery = () => (queries += 1);
    knex.on('query', countQuery);

    const received = (index: number) =>
      pipeline.receive(connection, {
        type: 'message',
        externalId: `bench-${index}`,
        chat: { address: `5511${String(index % CONTACTS).padStart(8, '0')}`, name: `Contact ${index % CONTACTS}` },
        fromMe: false,
        body: `message ${index}`,
      });
    // The ceiling: the least any ingest must do, on the same pool and the tickets the pipeline made.
    let tickets: { id: number; contact_id: number }[] = [];
    const ceiling = async (index: number) => {
      const ticket = tickets[index % tickets.length]!;
      await knex.transaction(async (trx) => {
        await trx('messages').insert({
          company_id: companyId,
          ticket_id: ticket.id,
          contact_id: ticket.contact_id,
          whatsapp_id: connectionId,
          external_id: `ceiling-${index}`,
          body: `message ${index}`,
        });
        await trx('tickets')
          .where('id', ticket.id)
          .update({ last_message: `message ${index}`, unread_messages: trx.raw('unread_messages + 1'), updated_at: new Date() });
      });
    };
    let pipelineSeconds = 0;
    let ceilingSeconds = 0;
    let pipelineQueries = 0;
    let ceilingQueries = 0;
    for (let slice = 0; slice < SLICES; slice += 1) {
      const from = Math.floor((MESSAGES * slice) / SLICES);
      const to = Math.floor((MESSAGES * (slice + 1)) / SLICES);
      queries = 0;
      pipelineSeconds += await inParallel(from, to, received);
      pipelineQueries += queries;
      if (tickets.length < CONTACTS) tickets = await knex('tickets').where('company_id', companyId).select('id', 'contact_id');
      queries = 0;
      ceilingSeconds += await inParallel(from, to, ceiling);
      ceilingQueries += queries;
    }
    if (process.env.BENCH_TRACE) {
      const pending: string[] = [];
      const onPending = (query: { sql: string }) => pending.push(query.sql);
      knex.on('query', onPending);
      await pipeline.receive(connection, {
        type: 'message',
        externalId: 'bench-pending',
        chat: { address: `5511${'0'.padStart(8, '0')}`, name: 'Contact 0' },
        fromMe: false,
        body: 'pending',
      });
      knex.off('query', onPending);
      console.log(`-- a message to a pending ticket:\n${pending.join('\n')}`);
    }
    // An attended conversation: its ticket open with an agent, the common case of a busy installation.
    const [{ id: userId }] = await knex('users')
      .insert({ company_id: companyId, name: 'Agent', email: `agent-${companyId}@bench.local`, password_hash: 'x', profile: 'user' })
      .returning('id');
    await knex('tickets').where('company_id', companyId).update({ status: 'open', user_id: userId });
    const ATTENDED = Math.min(MESSAGES, 1_000);
    const traced: string[] = [];
    const trace = (query: { sql: string }) => traced.push(query.sql);
    queries = 0;
    const attended = (index: number) =>
      pipeline.receive(connection, {
        type: 'message',
        externalId: `bench-attended-${index}`,
        chat: { address: `5511${String(index % CONTACTS).padStart(8, '0')}`, name: `Contact ${index % CONTACTS}` },
        fromMe: false,
        body: `attended ${index}`,
      });
    await inParallel(0, ATTENDED, attended);
    const attendedQueries = queries;
    // BENCH_TRACE=1 prints the statements of one more attended message, sent alone.
    knex.on('query', trace);
    await attended(ATTENDED);
    knex.off('query', trace);
    if (process.env.BENCH_TRACE) console.log(`-- a message to an attended ticket:\n${traced.join('\n')}`);
    knex.off('query', countQuery);
    const stored = Number((await knex('messages').where('whatsapp_id', connectionId).count({ n: '*' }))[0]!.n);
    const pipelineRate = MESSAGES / pipelineSeconds;
    const ceilingRate = MESSAGES / ceilingSeconds;
    console.log(`messages: ${MESSAGES} over ${CONTACTS} contacts, ${CONCURRENCY} concurrent, pool ${CONCURRENCY}; stored ${stored}`);
    console.log(`pipeline: ${pipelineRate.toFixed(0)} messages/s (${pipelineSeconds.toFixed(2)} s)`);
    console.log(`ceiling: ${ceilingRate.toFixed(0)} messages/s (${ceilingSeconds.toFixed(2)} s)`);
    console.log(
      `queries per message: pipeline ${(pipelineQueries / MESSAGES).toFixed(1)}, attended conversation ${(attendedQueries / ATTENDED).toFixed(1)}, ceiling ${(ceilingQueries / MESSAGES).toFixed(1)}`,
    );
    console.log(`ratio: ${(pipelineRate / ceilingRate).toFixed(2)}`);
  } finally {
    await server.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
