import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { TicketReportRow } from '@switchboard/sdk/contracts';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { TicketFixtures } from '../../tickets/__tests__/ticket-fixtures.js';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { TicketReportExport } from '../ticket-report-export.js';
import { TicketReport } from '../ticket-report.service.js';

let server: TestServer;
let fixtures: TicketFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = new TicketFixtures(server.ports.database.knex);
});

afterAll(async () => {
  await server?.stop();
});

/** Reads an exported workbook: its sheet names and the rows of the report sheet as cell texts. */
async function readWorkbook(bytes: ArrayBuffer): Promise<{ sheets: string[]; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('RelatorioDeAtendimentos');
  const rows: string[][] = [];
  sheet?.eachRow((row) => rows.push(Array.from({ length: 11 }, (_, index) => row.getCell(index + 1).text)));
  return { sheets: workbook.worksheets.map((each) => each.name), rows };
}

describe('GET /ticket/reports', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;
  const t: Record<string, number> = {};
  const ids: Record<string, number> = {};
  const get = (query: string, token = company.admin.token) => api(server, 'GET', `/ticket/reports${query}`, { token });
  const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((row) => row.id);
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  beforeAll(async () => {
    company = await server.createCompany({
      users: [
        { profile: 'user', name: 'Ana' },
        { profile: 'user', name: 'Bia', show_dashboard: 'enabled' },
      ],
    });
    other = await server.createCompany();
    const c = company.companyId;
    const [ana, bia] = company.users;
    ids.ana = ana!.id;
    ids.bia = bia!.id;
    ids.w1 = await fixtures.connection(c, { name: 'Conexão Um' });
    ids.w2 = await fixtures.connection(c, { name: 'Conexão Dois' });
    ids.q1 = await fixtures.queue(c, 'Vendas');
    ids.q2 = await fixtures.queue(c, 'Suporte');
    ids.tag = await fixtures.tag(c, 'VIP');
    ids.maria = await fixtures.contact(c, { name: 'Maria Souza', number: '5511988887777' });
    const at = (iso: string) => new Date(iso);
    // Arrivals a day apart in March 2026 (São Paulo is UTC-3); the oldest arrived late on 28 February, wall clock.
    t.lateFeb = (
      await fixtures.ticket(c, { whatsapp_id: ids.w1, queue_id: ids.q1, status: 'pending', created_at: at('2026-03-01T02:00:00Z') })
    ).id;
    t.closedRated = (
      await fixtures.ticket(c, {
        whatsapp_id: ids.w1,
        queue_id: ids.q1,
        user_id: ids.ana,
        contact_id: ids.maria,
        status: 'closed',
        last_message: 'Obrigado!',
        created_at: at('2026-03-02T12:00:00Z'),
      })
    ).id;
    // The trigger records acceptance when a ticket turns open; the moments are then set as the test needs them.
    await server.ports.database
      .knex('tickets')
      .where('id', t.closedRated)
      .update({ accepted_at: at('2026-03-02T12:05:00Z'), closed_at: at('2026-03-02T13:07:03Z') });
    await server.ports.database.knex('user_ratings').insert([
      { company_id: c, ticket_id: t.closedRated, user_id: ids.ana, rate: 2 },
      { company_id: c, ticket_id: t.closedRated, user_id: ids.ana, rate: 5 },
    ]);
    t.openQ2 = (
      await fixtures.ticket(c, {
        whatsapp_id: ids.w2,
        queue_id: ids.q2,
        user_id: ids.bia,
        status: 'open',
        created_at: at('2026-03-03T12:00:00Z'),
      })
    ).id;
    await server.ports.database.knex('ticket_tags').insert({ company_id: c, ticket_id: t.openQ2, tag_id: ids.tag });
    t.closedUnattended = (await fixtures.ticket(c, { whatsapp_id: ids.w2, status: 'closed', created_at: at('2026-03-04T12:00:00Z') })).id;
    await server.ports.database
      .knex('tickets')
      .where('id', t.closedUnattended)
      .update({ closed_at: at('2026-03-04T12:30:00Z') });
    await fixtures.ticket(other.companyId, {
      whatsapp_id: await fixtures.connection(other.companyId),
      created_at: at('2026-03-02T12:00:00Z'),
    });
  });

  it('answers the company tickets newest first, each row with its names, times and rating', async () => {
    const answer = await get('');
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body)).toEqual([t.closedUnattended, t.openQ2, t.closedRated, t.lateFeb]);
    expect(answer.body.totalTickets).toEqual({ total: 4 });
    expect(answer.body.timeZone).toBe('America/Sao_Paulo');
    const rated = (answer.body.tickets as TicketReportRow[]).find((row) => row.id === t.closedRated);
    expect(rated).toEqual({
      id: t.closedRated,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      whatsappName: 'Conexão Um',
      contactName: 'Maria Souza',
      userName: 'Ana',
      queueName: 'Vendas',
      status: 'closed',
      lastMessage: 'Obrigado!',
      createdAt: '2026-03-02T12:00:00.000Z',
      closedAt: '2026-03-02T13:07:03.000Z',
      // 12:05:00 accepted to 13:07:03 closed; the later of its two ratings.
      supportTime: 3723,
      NPS: 5,
    });
    const byId = new Map((answer.body.tickets as TicketReportRow[]).map((row) => [row.id, row]));
    // Not closed, or closed without ever being accepted: no support time; unrated: no NPS.
    expect(byId.get(t.openQ2)).toMatchObject({ supportTime: null, NPS: null, closedAt: null, queueName: 'Suporte', userName: 'Bia' });
    expect(byId.get(t.closedUnattended)).toMatchObject({ supportTime: null, NPS: null, queueName: null, userName: null });
  });

  it('filters by queues (0 is no queue), status, users, connections, tags, contact and contact text', async () => {
    const filtered = async (query: string) => idsOf((await get(query)).body);
    expect(await filtered(`?queueIds=${q([ids.q1])}`)).toEqual([t.closedRated, t.lateFeb]);
    expect(await filtered(`?queueIds=${q([ids.q2, 0])}`)).toEqual([t.closedUnattended, t.openQ2]);
    expect(await filtered(`?status=${q(['closed'])}`)).toEqual([t.closedUnattended, t.closedRated]);
    expect(await filtered(`?status=${q(['open', 'pending'])}`)).toEqual([t.openQ2, t.lateFeb]);
    expect(await filtered(`?users=${q([ids.ana])}`)).toEqual([t.closedRated]);
    expect(await filtered(`?whatsappId=${q([ids.w2])}`)).toEqual([t.closedUnattended, t.openQ2]);
    expect(await filtered(`?tags=${q([ids.tag])}`)).toEqual([t.openQ2]);
    expect(await filtered(`?contactId=${ids.maria}`)).toEqual([t.closedRated]);
    expect(await filtered('?searchParam=souza')).toEqual([t.closedRated]);
    expect(await filtered('?searchParam=988887')).toEqual([t.closedRated]);
    // Filters combine.
    expect(await filtered(`?queueIds=${q([ids.q1])}&status=${q(['pending'])}`)).toEqual([t.lateFeb]);
  });

  it("reads dates as whole days on the company's wall clock", async () => {
    const filtered = async (query: string) => idsOf((await get(query)).body);
    // 2026-03-01T02:00Z is 28 February, 23:00 in São Paulo.
    expect(await filtered('?dateFrom=2026-02-28&dateTo=2026-02-28')).toEqual([t.lateFeb]);
    expect(await filtered('?dateFrom=2026-03-01&dateTo=2026-03-03')).toEqual([t.openQ2, t.closedRated]);
    expect(await filtered('?dateFrom=2026-03-04T03:00:00.000Z')).toEqual([t.closedUnattended]);
  });

  it('pages by 5, 10, 20 or 50 rows (10 by default), counting every selected row', async () => {
    const paged = await server.createCompany();
    const w = await fixtures.connection(paged.companyId);
    const made: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      made.push((await fixtures.ticket(paged.companyId, { whatsapp_id: w, created_at: new Date(Date.UTC(2026, 2, 1, index)) })).id);
    }
    const newestFirst = [...made].reverse();
    const page = async (query: string) => (await get(query, paged.admin.token)).body;
    const first = await page('');
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 10));
    expect(first.totalTickets).toEqual({ total: 12 });
    expect(idsOf(await page('?page=2'))).toEqual(newestFirst.slice(10));
    expect(idsOf(await page('?pageSize=5&page=3'))).toEqual(newestFirst.slice(10));
    expect(idsOf(await page('?pageSize=20'))).toEqual(newestFirst);
    expect(await page('?page=9')).toMatchObject({ tickets: [], totalTickets: { total: 12 } });
  });

  it('refuses malformed filters and page sizes with 400 ERR_VALIDATION naming the field', async () => {
    const refused = async (query: string, field: string) => {
      const answer = await get(query);
      expect({ query, status: answer.status, error: answer.body.error }).toEqual({ query, status: 400, error: 'ERR_VALIDATION' });
      // A bad list item is named with its index (queueIds[0]).
      expect(Object.keys(answer.body.fields).map((key) => key.replace(/\[\d+\]$/, ''))).toContain(field);
    };
    await refused(`?queueIds=${encodeURIComponent('[1,')}`, 'queueIds');
    await refused(`?queueIds=${q(['a'])}`, 'queueIds');
    await refused(`?tags=${q({ id: 1 })}`, 'tags');
    await refused(`?users=${q([1.5])}`, 'users');
    await refused(`?whatsappId=${q([-1])}`, 'whatsappId');
    await refused(`?status=${q(['gone'])}`, 'status');
    await refused('?contactId=abc', 'contactId');
    await refused('?dateFrom=2026-02-30', 'dateFrom');
    await refused('?dateTo=yesterday', 'dateTo');
    await refused('?pageSize=7', 'pageSize');
    await refused('?pageSize=9999999', 'pageSize');
    await refused('?page=0', 'page');
  });

  it('lets in admins and users with showDashboard; refuses other users with 403', async () => {
    const [ana, bia] = company.users;
    expect((await get('', ana!.token)).status).toBe(403);
    expect((await api(server, 'GET', '/ticket/reports/export', { token: ana!.token })).status).toBe(403);
    const asBia = await get('', bia!.token);
    expect(asBia.status).toBe(200);
    expect(asBia.body.totalTickets).toEqual({ total: 4 });
  });

  it("keeps companies apart: another company's ids match nothing and its tickets never show", async () => {
    const foreign = async (query: string) => (await get(query, other.admin.token)).body;
    expect((await foreign('')).totalTickets).toEqual({ total: 1 });
    expect(await foreign(`?queueIds=${q([ids.q1])}`)).toMatchObject({ tickets: [], totalTickets: { total: 0 } });
    expect(await foreign(`?contactId=${ids.maria}`)).toMatchObject({ tickets: [], totalTickets: { total: 0 } });
    expect(await foreign(`?tags=${q([ids.tag])}`)).toMatchObject({ tickets: [], totalTickets: { total: 0 } });
    expect(await foreign('?searchParam=Souza')).toMatchObject({ tickets: [], totalTickets: { total: 0 } });
  });

  it('exports the rows of the table for the same filters as relatorio-de-atendimentos.xlsx, with the row count first', async () => {
    const filters = `queueIds=${q([ids.q1, ids.q2])}`;
    const table = (await get(`?${filters}&pageSize=50`)).body as { tickets: TicketReportRow[] };
    const response = await fetch(`${server.url}/ticket/reports/export?${filters}`, {
      headers: { authorization: `Bearer ${company.admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="relatorio-de-atendimentos.xlsx"');
    expect(response.headers.get('x-report-rows')).toBe('3');
    const { sheets, rows } = await readWorkbook(await response.arrayBuffer());
    expect(sheets).toEqual(['RelatorioDeAtendimentos']);
    expect(rows[0]).toEqual([
      'Id',
      'Conexão',
      'Contato',
      'Usuário',
      'Fila',
      'Status',
      'Última Mensagem',
      'Abertura',
      'Fechamento',
      'Tempo de Atendimento',
      'NPS',
    ]);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(table.tickets.map((row) => row.id));
    expect(rows[2]).toEqual([
      String(t.closedRated),
      'Conexão Um',
      'Maria Souza',
      'Ana',
      'Vendas',
      'Fechado',
      'Obrigado!',
      '02/03/2026 09:00',
      '02/03/2026 10:07',
      '01:02:03',
      '5',
    ]);
    expect(rows[1]!.slice(1, 6)).toEqual(['Conexão Dois', expect.any(String), 'Bia', 'Suporte', 'Aberto']);
    expect(rows[1]!.slice(8)).toEqual(['', '', '']);
  });

  it('refuses a malformed export filter with 400 before any byte of a workbook', async () => {
    const answer = await api(server, 'GET', `/ticket/reports/export?status=${q([1])}`, { token: company.admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { 'status[0]': 'Status inválido' } });
  });
});

describe('the report export', () => {
  let company: CompanyFixture;
  const ROWS = 2500;

  beforeAll(async () => {
    company = await server.createCompany();
    const w = await fixtures.connection(company.companyId);
    const contact = await fixtures.contact(company.companyId);
    // Closed tickets, so the one-active-ticket rule lets them share a contact; arrivals in threes share their moment
    // (the walk must order ties by id); long texts make the workbook large.
    await server.ports.database.knex.raw(
      `insert into tickets (company_id, status, whatsapp_id, contact_id, last_message, created_at)
       select ?, 'closed', ?, ?, repeat(md5(g::text), 8), now() - (g / 3) * interval '1 minute' from generate_series(1, ?) g`,
      [company.companyId, w, contact, ROWS],
    );
  });

  it('writes every row, across batches, in the order of the table', async () => {
    const expected = await server.ports.database
      .knex('tickets')
      .where('company_id', company.companyId)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .pluck('id');
    const response = await fetch(`${server.url}/ticket/reports/export`, { headers: { authorization: `Bearer ${company.admin.token}` } });
    expect(response.headers.get('x-report-rows')).toBe(String(ROWS));
    const { rows } = await readWorkbook(await response.arrayBuffer());
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(expected);
  });

  it('walks on past a ticket deleted while it is read', async () => {
    const knex = server.ports.database.knex;
    const auth = { companyId: company.companyId, userId: company.admin.id } as AuthContext;
    const walk = await server.container.get(TicketReport).walk({ auth, filters: {}, batchSize: 1000 });
    const seen: number[] = [];
    let deleted: number | undefined;
    for await (const batch of walk.batches) {
      seen.push(...batch.map((row) => row.id));
      // The ticket the next batch starts after goes away before it is read.
      if (deleted === undefined) {
        deleted = batch[batch.length - 1]!.id;
        await knex('tickets').where('id', deleted).delete();
      }
    }
    const remaining = await knex('tickets')
      .where('company_id', company.companyId)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .pluck('id');
    expect(seen).toHaveLength(ROWS);
    expect(seen.filter((id) => id !== deleted)).toEqual(remaining);
  });

  it('stops reading tickets when its reader goes away', async () => {
    let received = 0;
    // A reader that takes the first bytes, then hangs up.
    const output = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        this.destroy();
        callback();
      },
    });
    const auth = { companyId: company.companyId, userId: company.admin.id } as AuthContext;
    const outcome = await server.container.get(TicketReportExport).write({ auth, filters: {}, output });
    expect(received).toBeGreaterThan(0);
    expect(outcome.abandoned).toBe(true);
    expect(outcome.rows).toBeLessThan(ROWS);
  });
});
