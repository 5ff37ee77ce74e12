import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { ChannelContribution, ContainerModule, type ChannelSession } from '@switchboard/sdk';
import { RealtimeBus } from '../../../platform/realtime/realtime-bus.js';
import { eventually } from '../../../testing/eventually.js';
import { insertConnection } from '../../../testing/fixtures.js';
import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { SessionManager } from '../../connections/index.js';

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
let seen: ReturnType<typeof spyOnRealtime>;

/** Test channels: 'numbercheck' knows the numbers ending in an odd digit; 'plainchat' has no number check. */
function testChannel(channel: string, checkNumber?: ChannelSession['checkNumber']): ChannelContribution {
  return {
    channel,
    description: { name: channel, settings: [] },
    createSession: (ctx) => ({
      start: () => ctx.setStatus('CONNECTED'),
      stop: async () => {},
      send: async () => ({ externalId: 'x' }),
      ...(checkNumber ? { checkNumber } : {}),
    }),
  };
}
const testChannels = new ContainerModule((bind) => {
  bind(ChannelContribution).toConstantValue(testChannel('numbercheck', async (number) => ({ exists: /[13579]$/.test(number) })));
  bind(ChannelContribution).toConstantValue(testChannel('plainchat'));
});

const admin = () => company.admin.token;

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Lista');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

function upload(contactListId: number, data: Buffer | string, fileName: string, token = admin()) {
  const body = new FormData();
  body.append('file', new Blob([data]), fileName);
  return api(server, 'POST', `/contact-lists/${contactListId}/upload`, { token, body });
}

async function createList(name: string, token = admin()): Promise<number> {
  const created = await api(server, 'POST', '/contact-lists', { token, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

async function createItem(body: Record<string, unknown>, token = admin()) {
  return api(server, 'POST', '/contact-list-items', { token, body });
}

beforeAll(async () => {
  server = await startTestServer({ extraModules: [testChannels] });
  company = await server.createCompany({ users: [{ profile: 'user' }] });
  other = await server.createCompany();
  seen = spyOnRealtime(server.container.get(RealtimeBus));
});

afterAll(async () => {
  seen?.mockRestore();
  await server?.stop();
});

describe('contact lists', () => {
  it('creates, pages by name with contactsCount, searches, renames and deletes lists, announcing each change', async () => {
    const names = Array.from({ length: 22 }, (_, index) => `Paging ${String(index).padStart(2, '0')}`);
    const ids: number[] = [];
    for (const name of names) ids.push(await createList(name));
    await createItem({ contactListId: ids[0], name: 'Ana', number: '5511900000001' });
    await createItem({ contactListId: ids[0], name: 'Bia', number: '5511900000002' });

    const first = await api(server, 'GET', '/contact-lists?searchParam=paging&pageNumber=1', { token: admin() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toMatchObject({ id: ids[0], name: 'Paging 00', contactsCount: 2 });
    expect(first.body.records[1]).toMatchObject({ contactsCount: 0 });
    const second = await api(server, 'GET', '/contact-lists?searchParam=PAGING&pageNumber=2', { token: admin() });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.records.map((list: { name: string }) => list.name)).toEqual(['Paging 20', 'Paging 21']);

    const picker = await api(server, 'GET', '/contact-lists/list', { token: admin() });
    expect(picker.body).toEqual(expect.arrayContaining([{ id: ids[1], name: 'Paging 01' }]));

    const renamed = await api(server, 'PUT', `/contact-lists/${ids[0]}`, { token: admin(), body: { name: 'Renomeada' } });
    expect(renamed.body).toMatchObject({ id: ids[0], name: 'Renomeada', contactsCount: 2 });
    expect(seen).toHaveBeenCalledWith(
      `company:${company.companyId}`,
      'contactList',
      expect.objectContaining({ action: 'update', record: expect.objectContaining({ name: 'Renomeada' }) }),
    );
    const shown = await api(server, 'GET', `/contact-lists/${ids[0]}`, { token: admin() });
    expect(shown.body).toMatchObject({ name: 'Renomeada', contactsCount: 2 });

    const removed = await api(server, 'DELETE', `/contact-lists/${ids[0]}`, { token: admin() });
    expect(removed.status).toBe(200);
    expect(seen).toHaveBeenCalledWith(`company:${company.companyId}`, 'contactList', { action: 'delete', id: ids[0] });
    expect((await api(server, 'GET', `/contact-lists/${ids[0]}`, { token: admin() })).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    const orphan = await server.ports.database.knex('contact_list_items').where('contact_list_id', ids[0]);
    expect(orphan).toEqual([]);
  });

  it("validates lists and items with the spec's texts", async () => {
    expect((await api(server, 'POST', '/contact-lists', { token: admin(), body: {} })).body.fields).toEqual({ name: 'Required' });
    const listId = await createList('Validação');
    const empty = await createItem({ contactListId: listId });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Required', number: 'Required' } });
    const short = await createItem({ contactListId: listId, name: 'A', number: '1234-567', email: 'nope' });
    expect(short.body.fields).toEqual({ name: 'Too Short!', number: 'Too Short!', email: 'Invalid email' });
    const long = await createItem({ contactListId: listId, name: 'x'.repeat(51), number: '1'.repeat(51) });
    expect(long.body.fields).toEqual({ name: 'Too Long!', number: 'Too Long!' });
    const noList = await createItem({ name: 'Ana', number: '5511900000001' });
    expect(noList.body.fields).toEqual({ contactListId: 'Required' });
  });

  it('keeps items: digits only, one number per list, paged and searched, edited and deleted live', async () => {
    const listId = await createList('Itens');
    const created = await createItem({
      contactListId: listId,
      name: 'Maria Souza',
      number: '+55 (11) 91234-5670',
      email: 'maria@ex.com',
      companyId: other.companyId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria Souza',
      number: '5511912345670',
      email: 'maria@ex.com',
      companyId: company.companyId,
      contactListId: listId,
      isWhatsappValid: false,
    });
    expect(seen).toHaveBeenCalledWith(
      `company:${company.companyId}`,
      'contactListItem',
      expect.objectContaining({ action: 'create', record: expect.objectContaining({ id: created.body.id }) }),
    );
    const duplicate = await createItem({ contactListId: listId, name: 'Outra', number: '5511912345670' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_CONTACT_LIST_ITEM_DUPLICATED');

    for (let index = 0; index < 21; index += 1)
      await createItem({
        contactListId: listId,
        name: `Pessoa ${String(index).padStart(2, '0')}`,
        number: `55119000001${String(index).padStart(2, '0')}`,
      });
    const page = await api(server, 'GET', `/contact-list-items?contactListId=${listId}&pageNumber=1`, { token: admin() });
    expect(page.body).toMatchObject({ count: 22, hasMore: true });
    expect(page.body.contacts).toHaveLength(20);
    const next = await api(server, 'GET', `/contact-list-items?contactListId=${listId}&pageNumber=2`, { token: admin() });
    expect(next.body).toMatchObject({ count: 22, hasMore: false });
    const searched = await api(server, 'GET', `/contact-list-items?contactListId=${listId}&searchParam=SOUZA`, { token: admin() });
    expect(searched.body.contacts.map((item: { id: number }) => item.id)).toEqual([created.body.id]);
    const byNumber = await api(server, 'GET', `/contact-list-items?contactListId=${listId}&searchParam=91234`, { token: admin() });
    expect(byNumber.body.count).toBe(1);

    const edited = await api(server, 'PUT', `/contact-list-items/${created.body.id}`, {
      token: admin(),
      body: { name: 'Maria S.', email: '' },
    });
    expect(edited.body).toMatchObject({ name: 'Maria S.', email: '', number: '5511912345670' });
    expect((await api(server, 'GET', `/contact-list-items/${created.body.id}`, { token: admin() })).body.name).toBe('Maria S.');
    const clash = await api(server, 'PUT', `/contact-list-items/${created.body.id}`, { token: admin(), body: { number: '5511900000100' } });
    expect(clash.status).toBe(409);

    expect((await api(server, 'DELETE', `/contact-list-items/${created.body.id}`, { token: admin() })).status).toBe(200);
    expect(seen).toHaveBeenCalledWith(`company:${company.companyId}`, 'contactListItem', { action: 'delete', id: created.body.id });
    expect(seen).toHaveBeenCalledWith(
      `company:${company.companyId}`,
      'contactList',
      expect.objectContaining({ action: 'update', record: expect.objectContaining({ id: listId, contactsCount: 21 }) }),
    );
  });

  it("answers another company's lists and items 404, and refuses profile users", async () => {
    const listId = await createList('Privada');
    const item = await createItem({ contactListId: listId, name: 'Segredo', number: '5511900000999' });
    const foreign = other.admin.token;
    for (const [method, path] of [
      ['GET', `/contact-lists/${listId}`],
      ['PUT', `/contact-lists/${listId}`],
      ['DELETE', `/contact-lists/${listId}`],
      ['GET', `/contact-list-items?contactListId=${listId}`],
    ] as const) {
      const answer = await api(server, method, path, { token: foreign, body: method === 'PUT' ? { name: 'Tomada' } : undefined });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { error: 'ERR_NO_CONTACT_LIST_FOUND' },
      });
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await api(server, method, `/contact-list-items/${item.body.id}`, {
        token: foreign,
        body: method === 'PUT' ? { name: 'Tomado' } : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    }
    expect((await createItem({ contactListId: listId, name: 'Intrusa', number: '5511900000888' }, foreign)).status).toBe(404);
    expect((await upload(listId, workbook([['name', 'number']], 'xlsx'), 'lista.xlsx', foreign)).status).toBe(404);
    expect((await api(server, 'GET', '/contact-lists', { token: company.users[0]!.token })).status).toBe(403);
  });
});

describe('spreadsheet import', () => {
  const sheet = [
    ['Nome', 'Telefone', 'E-MAIL', 'Observação'],
    ['Ana Lima', '5511911110001', 'ana@ex.com', 'x'],
    ['Bruno', 5511911110002, '', ''],
    ['', '5511911110003', '', ''],
    ['Carla', '123', '', ''],
    ['Dora', '5511911110005', 'not-an-email', ''],
    ['Ana de novo', '55 11 91111-0001', '', ''],
    ['Já na lista', '5511911110099', '', ''],
    ['Edu', '5511911110006', 'edu@ex.com', ''],
  ];

  it.each(['xlsx', 'biff8'] as const)(
    'imports a real %s: valid rows in, the others skipped with their reason, progress told',
    async (bookType) => {
      const listId = await createList(`Import ${bookType}`);
      await createItem({ contactListId: listId, name: 'Antiga', number: '5511911110099' });
      const answer = await upload(listId, workbook(sheet, bookType), bookType === 'xlsx' ? 'Lista.XLSX' : 'lista.xls');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        imported: 3,
        skipped: 5,
        reasons: [
          { row: 4, code: 'ERR_VALIDATION', field: 'name', reason: 'Required' },
          { row: 5, code: 'ERR_VALIDATION', field: 'number', reason: 'Too Short!' },
          { row: 6, code: 'ERR_VALIDATION', field: 'email', reason: 'Invalid email' },
          { row: 7, code: 'ERR_NUMBER_REPEATED', reason: 'Número repetido na planilha (linha 2)' },
          { row: 8, code: 'ERR_NUMBER_IN_LIST', reason: 'Número já está na lista' },
        ],
      });
      const items = await api(server, 'GET', `/contact-list-items?contactListId=${listId}`, { token: admin() });
      expect(
        items.body.contacts.map((item: { name: string; number: string; email: string }) => [item.name, item.number, item.email]),
      ).toEqual([
        ['Ana Lima', '5511911110001', 'ana@ex.com'],
        ['Antiga', '5511911110099', ''],
        ['Bruno', '5511911110002', ''],
        ['Edu', '5511911110006', 'edu@ex.com'],
      ]);
      const room = `user:${company.admin.id}`;
      expect(seen).toHaveBeenCalledWith(room, 'contactListItem', { action: 'progress', contactListId: listId, processed: 8, total: 8 });
      expect(seen).toHaveBeenCalledWith(`company:${company.companyId}`, 'contactListItem', { action: 'reload', contactListId: listId });
      expect(seen).toHaveBeenCalledWith(
        `company:${company.companyId}`,
        'contactList',
        expect.objectContaining({ action: 'update', record: expect.objectContaining({ id: listId, contactsCount: 4 }) }),
      );
    },
  );

  it('imports in multi-row batches: 1,200 rows in three inserts', async () => {
    const listId = await createList('Grande');
    const rows = [
      ['name', 'number'],
      ...Array.from({ length: 1200 }, (_, index) => [`Pessoa ${index}`, `55219${String(index).padStart(8, '0')}`]),
    ];
    const answer = await upload(listId, workbook(rows, 'xlsx'), 'grande.xlsx');
    expect(answer.body).toEqual({ imported: 1200, skipped: 0, reasons: [] });
    const progress = seen.mock.calls.filter(
      ([, event, payload]) =>
        event === 'contactListItem' &&
        (payload as { contactListId?: number }).contactListId === listId &&
        (payload as { action: string }).action === 'progress',
    );
    // (the spy may see one emit twice, through emit and emitViews)
    expect([...new Set(progress.map(([, , payload]) => (payload as { processed: number }).processed))]).toEqual([0, 500, 1000, 1200]);
  });

  it('refuses what is not an .xls or .xlsx workbook with a clear 400, by content as well as by name', async () => {
    const listId = await createList('Recusas');
    const cases: [Buffer | string, string][] = [
      ['name,number\nAna,5511911110001\n', 'lista.csv'],
      ['name,number\nAna,5511911110001\n', 'lista.xlsx'],
      ['<html><table><tr><td>name</td></tr></table></html>', 'lista.xls'],
      [await new JSZip().file('word/document.xml', '<w/>').generateAsync({ type: 'nodebuffer' }), 'lista.xlsx'],
      [
        workbook(
          [
            ['nome', 'email'],
            ['Ana', 'ana@ex.com'],
          ],
          'xlsx',
        ),
        'sem-numero.xlsx',
      ],
    ];
    for (const [data, name] of cases) {
      const answer = await upload(listId, data, name);
      expect({ name, status: answer.status, error: answer.body.error, message: typeof answer.body.message }).toEqual({
        name,
        status: 400,
        error: 'ERR_INVALID_FILE',
        message: 'string',
      });
    }
    const none = await api(server, 'POST', `/contact-lists/${listId}/upload`, { token: admin(), body: {} });
    expect(none.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: 'Required' } });
  });

  it('refuses an .xlsx that unpacks to more than a list can hold', async () => {
    const listId = await createList('Bomba');
    // A few hundred kilobytes of zip holding a sheet of 6 million empty cells in one row.
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', `<worksheet><sheetData><row r="1">${'<c/>'.repeat(6_000_000)}</row></sheetData></worksheet>`);
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const answer = await upload(listId, data, 'bomba.xlsx');
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('ERR_SPREADSHEET_TOO_LARGE');
  });

  it('offers the example spreadsheet with the columns name, number and email', async () => {
    const response = await fetch(`${server.url}/contact-lists/example.xlsx`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(response.status).toBe(200);
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['name', 'number', 'email']);
  });
});

describe('WhatsApp number check', () => {
  it("marks each item as the default connection's session answers, and announces it", async () => {
    const connectionId = await insertConnection(server.ports.database.knex, company.companyId, {
      channel: 'numbercheck',
      is_default: true,
    });
    await server.container.get(SessionManager).ensureStarted(connectionId);
    const listId = await createList('Checagem');
    const known = (await createItem({ contactListId: listId, name: 'Conhecido', number: '5511977770001' })).body;
    const unknown = (await createItem({ contactListId: listId, name: 'Desconhecido', number: '5511977770002' })).body;
    const announced = (id: number) =>
      seen.mock.calls.find(([, event, payload]) => {
        const change = payload as { action: string; record?: { id: number } };
        return event === 'contactListItem' && change.action === 'update' && change.record?.id === id;
      })?.[2] as { record: { isWhatsappValid: boolean } } | undefined;
    expect((await eventually(() => announced(known.id), 'the known number checked')).record.isWhatsappValid).toBe(true);
    expect((await eventually(() => announced(unknown.id), 'the unknown number checked')).record.isWhatsappValid).toBe(false);
    const stored = await api(server, 'GET', `/contact-list-items/${known.id}`, { token: admin() });
    expect(stored.body.isWhatsappValid).toBe(true);
  });

  it('marks items valid on a channel without a number check', async () => {
    const plain = await server.createCompany();
    const connectionId = await insertConnection(server.ports.database.knex, plain.companyId, { channel: 'plainchat' });
    await server.container.get(SessionManager).ensureStarted(connectionId);
    const listId = await createList('Webchat', plain.admin.token);
    const item = (await createItem({ contactListId: listId, name: 'Visitante', number: '5511966660002' }, plain.admin.token)).body;
    await eventually(
      async () => (await api(server, 'GET', `/contact-list-items/${item.id}`, { token: plain.admin.token })).body.isWhatsappValid === true,
      'the item marked valid',
    );
  });
});
