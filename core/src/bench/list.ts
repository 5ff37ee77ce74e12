/**
 * npm run bench:list — latency of the list, search, kanban and dashboard calls at 100,000 tickets and 1,000,000 messages on
 * PostgreSQL, through the HTTP API of a started server. Seeds one company with SQL (generate_series), then prints
 * p50/p95 over BENCH_CALLS sequential calls of each. Needs DATABASE_URL.
 */
import { startTestServer, api } from '../testing/test-server.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const MESSAGES_PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const AGENTS = 10;
const QUEUES = 5;
/** A word in 1% of the messages. */
const RARE_WORD = 'zebrafish';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench:list measures PostgreSQL: set DATABASE_URL');
  const server = await startTestServer({ backgroundWorkers: false, useRedis: false, env: { LOG_LEVEL: 'silent' } });
  try {
    const company = await server.createCompany({
      plan: { users: 100, queues: 100 },
      users: Array.from({ length: AGENTS }, () => ({ profile: 'user' as const })),
    });
    const knex = server.ports.database.knex;
    const companyId = company.companyId;
    const agentIds = company.users.map((user) => user.id);
    const seedStarted = Date.now();
    const [{ id: connectionId }] = await knex('connections')
      .insert({ company_id: companyId, name: 'Bench', channel: 'whatsapp' })
      .returning('id');
    const queueIds: number[] = [];
    for (let index = 0; index < QUEUES; index += 1) {
      const [{ id }] = await knex('queues')
        .insert({ company_id: companyId, name: `Queue ${index}`, color: `#33669${index}` })
        .returning('id');
      queueIds.push(id);
    }
    // Each agent works two queues.
    await knex('user_queues').insert(
      agentIds.flatMap((userId, index) =>
        [0, 1].map((k) => ({ company_id: companyId, user_id: userId, queue_id: queueIds[(index + k) % QUEUES] })),
      ),
    );
    await knex.raw(
      `insert into contacts (company_id, name, number, whatsapp_id)
       select ?, 'Contact ' || g || case when g % 100 = 0 then ' Bench' else '' end, '5511' || lpad(g::text, 9, '0'), ?
       from generate_series(1, ?) g`,
      [companyId, connectionId, TICKETS],
    );
    // 10% pending (unassigned, in a queue), 10% open (an agent's), the rest closed; activity over 60 days. Attended
    // tickets were accepted up to 10 minutes after arrival and closed ones closed up to an hour later.
    await knex.raw(
      `insert into tickets (company_id, status, queue_id, user_id, whatsapp_id, contact_id, last_message, unread_messages,
                            created_at, updated_at, accepted_at, closed_at)
       select ?, s.status,
              (?::int[])[1 + (g / 10) % ?],
              case when s.status = 'open' or s.status = 'closed' then (?::int[])[1 + (g / 10) % ?] end,
              ?, c.id, 'last message ' || g, g % 3, a.at, a.at,
              case when s.status <> 'pending' then a.at + (g % 600) * interval '1 second' end,
              case when s.status = 'closed' then a.at + (g % 600 + g % 3600) * interval '1 second' end
       from generate_series(1, ?) g
       join contacts c on c.company_id = ? and c.number = '5511' || lpad(g::text, 9, '0')
       cross join lateral (select case when g % 10 = 0 then 'pending' when g % 10 = 1 then 'open' else 'closed' end as status) s
       cross join lateral (select now() - ((? - g) * interval '60 days') / ? as at) a`,
      [companyId, queueIds, QUEUES, agentIds, AGENTS, connectionId, TICKETS, companyId, TICKETS, TICKETS],
    );
    // A third of the closed tickets were rated.
    await knex.raw(
      `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
       select company_id, id, user_id, 1 + id % 5, closed_at, closed_at from tickets
       where company_id = ? and status = 'closed' and id % 3 = 0`,
      [companyId],
    );
    await knex.raw(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, created_at, updated_at)
       select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'bench-' || t.id || '-' || k,
              'message ' || k || ' of ticket ' || t.id || case when (t.id * ? + k) % 100 = 0 then ' ${RARE_WORD}' else ' about an order' end,
              k % 2 = 0, true, t.updated_at - (? - k) * interval '1 minute', t.updated_at - (? - k) * interval '1 minute'
       from tickets t cross join generate_series(1, ?) k
       where t.company_id = ?`,
      [MESSAGES_PER_TICKET, MESSAGES_PER_TICKET, MESSAGES_PER_TICKET, MESSAGES_PER_TICKET, companyId],
    );
    // Five kanban lanes; a fifth of the tickets sit in one.
    const laneIds: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const [{ id }] = await knex('tags')
        .insert({ company_id: companyId, name: `Lane ${index}`, color: '#1565c0', kanban: 1 })
        .returning('id');
      laneIds.push(id);
    }
    await knex.raw(
      `insert into ticket_tags (company_id, ticket_id, tag_id)
       select t.company_id, t.id, (?::int[])[1 + t.id % 5] from tickets t where t.company_id = ? and t.id % 5 = 0`,
      [laneIds, companyId],
    );
    await knex.raw('vacuum analyze'); // as autovacuum leaves a settled table
    const counts = await knex.raw(
      `select (select count(*) from tickets) as tickets, (select count(*) from messages) as messages,
              (select count(*) from messages where body like ?) as rare`,
      [`%${RARE_WORD}%`],
    );
    const seeded = counts.rows[0] as { tickets: string; messages: string; rare: string };
    console.log(
      `seeded ${seeded.tickets} tickets, ${seeded.messages} messages (${seeded.rare} with '${RARE_WORD}') in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
    );

    const admin = company.admin.token;
    const agent = company.users[0]!.token;
    const [{ id: sampleTicket }] = await knex('tickets')
      .where({ company_id: companyId, status: 'open' })
      .orderBy('updated_at', 'desc')
      .limit(1)
      .select('id');
    const calls: [string, string, string][] = [
      ['admin pending p1', admin, '/tickets?status=pending&showAll=true&pageNumber=1'],
      ['admin pending p50', admin, '/tickets?status=pending&showAll=true&pageNumber=50'],
      ['admin open p1', admin, '/tickets?status=open&showAll=true&pageNumber=1'],
      ['admin open p50', admin, '/tickets?status=open&showAll=true&pageNumber=50'],
      ['admin closed p1', admin, '/tickets?status=closed&showAll=true&pageNumber=1'],
      ['admin closed p50', admin, '/tickets?status=closed&showAll=true&pageNumber=50'],
      ['agent open', agent, '/tickets?status=open&pageNumber=1'],
      ['agent pending', agent, '/tickets?status=pending&pageNumber=1'],
      ['search 1% word', admin, `/tickets?searchParam=${RARE_WORD}&pageNumber=1`],
      ['ticket messages', admin, `/messages/${sampleTicket}`],
      ['contacts search', admin, '/contacts?searchParam=Bench&pageNumber=1'],
      ['report p1', admin, '/ticket/reports?page=1&pageSize=10'],
      ['report queue p1', admin, `/ticket/reports?queueIds=${encodeURIComponent(JSON.stringify([queueIds[0]]))}&page=1&pageSize=10`],
      ['report tag+status', admin, `/ticket/reports?tags=${encodeURIComponent(JSON.stringify([laneIds[0]]))}&status=%5B%22closed%22%5D`],
      ['report contact text', admin, '/ticket/reports?searchParam=Bench&page=1&pageSize=10'],
      ['report deep page', admin, `/ticket/reports?page=${Math.max(1, Math.floor(TICKETS / 50) - 1)}&pageSize=50`],
      ['moments', admin, '/dashboard/moments'],
      ['agent kanban', agent, '/ticket/kanban'],
      ['kanban lanes', agent, '/tags/kanban'],
      ['kanban tags p1', agent, '/tags?kanban=1&pageNumber=1'],
      // The dashboard over all 60 days of tickets: each call one aggregate.
      ['dashboard', admin, '/dashboard?days=60'],
      ['dashboard by day', admin, '/dashboard/total-atendimentos?days=60'],
      ['dashboard queues', admin, '/dashboard/queues?days=60'],
      ['dashboard users', admin, '/dashboard/ticketsUsers?days=60'],
      ['dashboard top', admin, '/dashboard/user-info?days=60'],
      ['dashboard nps', admin, '/dashboard/nps-info?days=60'],
      ['dashboard closed', admin, '/dashboard/atendimentos-encerrados?days=60'],
    ];
    // Queries per call, the request's own sign-in check included.
    let queries = 0;
    knex.on('query', () => (queries += 1));
    console.log(`\n${'call'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'KB'.padStart(8)} ${'queries'.padStart(8)}`);
    for (const [name, token, route] of calls) {
      const times: number[] = [];
      let bytes = 0;
      for (let index = 0; index < CALLS + 5; index += 1) {
        queries = 0;
        const started = process.hrtime.bigint();
        const answer = await api(server, 'GET', route, { token });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        bytes = JSON.stringify(answer.body).length;
        if (index >= 5) times.push(elapsed); // the first five warm the caches
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(20)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${(bytes / 1024).toFixed(0).padStart(8)} ${String(queries).padStart(8)}`,
      );
    }

    // One export of every ticket through HTTP, the body streamed and counted: its time, and the server's peak RSS
    // growth (the server runs in this process) sampled every 50 ms while it streams.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const exportStarted = Date.now();
    const exported = await fetch(`${server.url}/ticket/reports/export`, { headers: { authorization: `Bearer ${admin}` } });
    if (exported.status !== 200 || !exported.body) throw new Error(`export: ${exported.status} ${await exported.text()}`);
    let exportBytes = 0;
    for await (const chunk of exported.body) exportBytes += (chunk as Uint8Array).length;
    clearInterval(sampler);
    const exportRows = Number(exported.headers.get('x-report-rows'));
    console.log(
      `\nexport of ${exportRows} rows: ${(exportBytes / 1024 / 1024).toFixed(1)} MB (${(exportBytes / exportRows).toFixed(0)} B/row) in ${((Date.now() - exportStarted) / 1000).toFixed(1)} s, server RSS peak growth ${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MB`,
    );
  } finally {
    // BENCH_KEEP=1 leaves the seeded database for EXPLAIN (its URL is printed).
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept ${server.testDatabase.url}`);
      await server.close();
    } else await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
