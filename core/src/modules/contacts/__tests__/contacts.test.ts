import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { normalizeContactNumber } from '../contact-number.js';
import { insertContact } from '../../../testing/fixtures.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function insertTag(companyId: number, name: string): Promise<number> {
  const [row] = await server.ports.database.knex('tags').insert({ company_id: companyId, name, color: '#ff0000' }).returning('id');
  return row.id as number;
}

async function workbookFile(rows: unknown[][], fileName = 'contatos.xlsx'): Promise<FormData> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan1');
  for (const row of rows) sheet.addRow(row);
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  return fileForm(data, fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}

/**
 * A real workbook with one part swapped for `megabytes` of generated XML, streamed into the zip (the test never
 * holds it whole): a few hundred kilobytes that unpack to far more.
 */
async function bombFile(part: string, open: string, unit: string, megabytes: number, close: string): Promise<FormData> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Plan1').addRow(['name', 'number']);
  workbook.getWorksheet('Plan1')!.addRow(['Ana', '5511999990000']);
  const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
  const chunk = Buffer.from(unit.repeat(Math.ceil((1024 * 1024) / unit.length)));
  async function* xml() {
    yield Buffer.from(open);
    for (let i = 0; i < megabytes; i += 1) yield chunk;
    yield Buffer.from(close);
  }
  zip.file(part, Readable.from(xml()));
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  return fileForm(data, 'bomba.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}

function fileForm(data: Buffer | string, fileName: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), fileName);
  return form;
}

describe('contact numbers', () => {
  it('keeps digits only and adds the Brazilian country code when missing', () => {
    expect(normalizeContactNumber({ number: '(11) 98765-4321' })).toBe('5511987654321');
    expect(normalizeContactNumber({ number: '11 98765 4321' })).toBe('5511987654321');
    expect(normalizeContactNumber({ number: '55 (11) 98765-4321' })).toBe('5511987654321');
    expect(normalizeContactNumber({ number: '5511987654321' })).toBe('5511987654321');
    expect(normalizeContactNumber({ number: '011 98765-4321' })).toBe('5511987654321');
    expect(normalizeContactNumber({ number: '12345678' })).toBe('5512345678');
    expect(normalizeContactNumber({ number: '+351 912 345 678' })).toBe('351912345678');
    expect(normalizeContactNumber({ number: '00351 912 345 678' })).toBe('351912345678');
    expect(normalizeContactNumber({ number: 'no digits' })).toBe('');
  });

  it('keeps group ids and other channels’ user ids as given', () => {
    expect(normalizeContactNumber({ number: '120363041234567890@g.us', isGroup: true })).toBe('120363041234567890@g.us');
    expect(normalizeContactNumber({ number: '6712345678901234', channel: 'facebook' })).toBe('6712345678901234');
  });
});

describe('contacts API', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    other = await server.createCompany();
  });

  it('creates a contact with a normalised number and extra info, and announces it', async () => {
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const created = await api(server, 'POST', '/contacts', {
        token: company.users[0]!.token,
        body: {
          name: '  Maria Silva ',
          number: '(11) 98765-4321',
          email: 'Maria@Example.COM',
          extraInfo: [
            { name: 'CPF', value: '123' },
            { name: 'Cidade', value: 'São Paulo' },
          ],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Maria Silva',
        number: '5511987654321',
        email: 'maria@example.com',
        channel: 'whatsapp',
        isGroup: false,
        active: true,
        disableBot: false,
        acceptAudioMessage: true,
        companyId: company.companyId,
        tags: [],
      });
      expect(created.body.extraInfo).toEqual([
        { id: expect.any(Number), name: 'CPF', value: '123' },
        { id: expect.any(Number), name: 'Cidade', value: 'São Paulo' },
      ]);
      expect(emit).toHaveBeenCalledWith(
        `company:${company.companyId}`,
        'contact',
        expect.objectContaining({ action: 'create', contact: expect.objectContaining({ id: created.body.id }) }),
      );

      const shown = await api(server, 'GET', `/contacts/${created.body.id}`, { token: company.admin.token });
      expect(shown.status).toBe(200);
      expect(shown.body.extraInfo.map((entry: { name: string }) => entry.name)).toEqual(['CPF', 'Cidade']);

      // extraInfo is replaced as a whole; other fields stay.
      const updated = await api(server, 'PUT', `/contacts/${created.body.id}`, {
        token: company.admin.token,
        body: { extraInfo: [{ name: 'Empresa', value: 'ACME' }], email: '' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Maria Silva', number: '5511987654321', email: '' });
      expect(updated.body.extraInfo).toEqual([{ id: expect.any(Number), name: 'Empresa', value: 'ACME' }]);
      const unchanged = await api(server, 'PUT', `/contacts/${created.body.id}`, {
        token: company.admin.token,
        body: { name: 'Maria S.' },
      });
      expect(unchanged.body.extraInfo).toHaveLength(1);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'contact', expect.objectContaining({ action: 'update' }));
    } finally {
      emit.mockRestore();
    }
  });

  it("answers the contact form's validation messages", async () => {
    const empty = await api(server, 'POST', '/contacts', { token: company.admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Required', number: 'Required' } });

    const short = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'A', number: '1234567', email: 'not-an-email' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ name: 'Too Short!', number: 'Too Short!', email: 'Invalid email' });

    const long = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'x'.repeat(51), number: '1'.repeat(51) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ name: 'Too Long!', number: 'Too Long!' });

    const noDigits = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Sem número', number: 'abcdefgh' },
    });
    expect(noDigits.status).toBe(400);
    expect(noDigits.body.fields).toEqual({ number: 'Número inválido' });

    const badExtra = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Extra', number: '11911112222', extraInfo: [{ value: 'no name' }] },
    });
    expect(badExtra.status).toBe(400);
    expect(badExtra.body.fields).toEqual({ 'extraInfo[0].name': 'Required' });
  });

  it('refuses a duplicate number in the same channel with 409, however it is written', async () => {
    const first = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Primeiro', number: '21 99999-0001' },
    });
    expect(first.status).toBe(201);
    expect(first.body.number).toBe('5521999990001');
    const again = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Segundo', number: '+55 21 99999 0001' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');

    // Another channel, or another company, may hold the same number.
    const facebook = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Facebook', number: '5521999990001', channel: 'facebook' },
    });
    expect(facebook.status).toBe(201);
    const elsewhere = await api(server, 'POST', '/contacts', { token: other.admin.token, body: { name: 'Outra', number: '21999990001' } });
    expect(elsewhere.status).toBe(201);

    // Two creations at once: one wins, the other is a conflict, never a 500.
    const raced = await Promise.all(
      ['Corrida A', 'Corrida B'].map((name) =>
        api(server, 'POST', '/contacts', { token: company.admin.token, body: { name, number: '31988887777' } }),
      ),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);

    const second = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Terceiro', number: '21999990002' },
    });
    const renumber = await api(server, 'PUT', `/contacts/${second.body.id}`, {
      token: company.admin.token,
      body: { number: '(21) 99999-0001' },
    });
    expect(renumber.status).toBe(409);
    expect(renumber.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const same = await api(server, 'PUT', `/contacts/${second.body.id}`, { token: company.admin.token, body: { number: '21999990002' } });
    expect(same.status).toBe(200);
  });

  it('keeps a group id as given', async () => {
    const group = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Grupo Vendas', number: '120363041234567890@g.us', isGroup: true },
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ number: '120363041234567890@g.us', isGroup: true });
  });

  it('searches, filters by channel, group and tag, and pages by 20', async () => {
    const listed = await server.createCompany();
    const knex = server.ports.database.knex;
    const rows = Array.from({ length: 25 }, (_, index) => ({
      company_id: listed.companyId,
      name: `Cliente ${String(index).padStart(2, '0')}`,
      number: `55119000000${String(index).padStart(2, '0')}`,
    }));
    const inserted: { id: number }[] = await knex('contacts').insert(rows).returning('id');
    await knex('contacts').insert([
      { company_id: listed.companyId, name: 'Zeca Instagram', number: '99887766', channel: 'instagram' },
      { company_id: listed.companyId, name: 'Zeta Grupo', number: '1203630@g.us', is_group: true },
    ]);
    const vip = await insertTag(listed.companyId, 'VIP');
    const lead = await insertTag(listed.companyId, 'Lead');
    await knex('contact_tags').insert([
      { contact_id: inserted[3]!.id, tag_id: vip, company_id: listed.companyId },
      { contact_id: inserted[4]!.id, tag_id: vip, company_id: listed.companyId },
      { contact_id: inserted[4]!.id, tag_id: lead, company_id: listed.companyId },
      { contact_id: inserted[5]!.id, tag_id: lead, company_id: listed.companyId },
    ]);
    const token = listed.admin.token;

    const page1 = await api(server, 'GET', '/contacts', { token });
    expect(page1.status).toBe(200);
    expect(page1.body.contacts).toHaveLength(20);
    expect(page1.body.count).toBe(27);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.contacts[0].name).toBe('Cliente 00');
    expect(page1.body.contacts.find((c: { id: number }) => c.id === inserted[4]!.id).tags.map((t: { name: string }) => t.name)).toEqual([
      'Lead',
      'VIP',
    ]);
    const page2 = await api(server, 'GET', '/contacts?pageNumber=2', { token });
    expect(page2.body.contacts).toHaveLength(7);
    expect(page2.body.hasMore).toBe(false);
    expect(new Set([...page1.body.contacts, ...page2.body.contacts].map((c: { id: number }) => c.id)).size).toBe(27);
    expect((await api(server, 'GET', '/contacts?pageNumber=0', { token })).status).toBe(400);

    const byName = await api(server, 'GET', '/contacts?searchParam=cliente%2007', { token });
    expect(byName.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 07']);
    const byNumber = await api(server, 'GET', '/contacts?searchParam=900000012', { token });
    expect(byNumber.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 12']);
    const formatted = await api(server, 'GET', `/contacts?searchParam=${encodeURIComponent('(11) 9000-00013')}`, { token });
    expect(formatted.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 13']);
    const wildcard = await api(server, 'GET', '/contacts?searchParam=%25', { token });
    expect(wildcard.body.count).toBe(0);

    const instagram = await api(server, 'GET', '/contacts?channel=instagram', { token });
    expect(instagram.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Zeca Instagram']);
    const groups = await api(server, 'GET', '/contacts?isGroup=true', { token });
    expect(groups.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Zeta Grupo']);
    const notGroups = await api(server, 'GET', '/contacts?isGroup=false', { token });
    expect(notGroups.body.count).toBe(26);

    const tagged = await api(server, 'GET', `/contacts?contactTag=${vip}`, { token });
    expect(tagged.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 03', 'Cliente 04']);
    const either = await api(server, 'GET', `/contacts?contactTag=${encodeURIComponent(JSON.stringify([vip, lead]))}`, { token });
    expect(either.body.count).toBe(3);
    const taggedSearch = await api(server, 'GET', `/contacts?contactTag=${lead}&searchParam=05`, { token });
    expect(taggedSearch.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 05']);
    expect((await api(server, 'GET', '/contacts?contactTag=abc', { token })).status).toBe(400);
    // Another company's tag matches none of this company's contacts.
    const foreignTag = await insertTag(other.companyId, 'Foreign');
    expect((await api(server, 'GET', `/contacts?contactTag=${foreignTag}`, { token })).body.count).toBe(0);

    const picker = await api(server, 'GET', '/contacts/list?searchParam=cliente', { token });
    expect(picker.status).toBe(200);
    expect(picker.body).toHaveLength(25);
    expect(Object.keys(picker.body[0]).sort()).toEqual(['id', 'name', 'number']);
    const bulk = Array.from({ length: 60 }, (_, index) => ({
      company_id: listed.companyId,
      name: `Bulk ${index}`,
      number: `55219000${String(index).padStart(4, '0')}`,
    }));
    await knex('contacts').insert(bulk);
    expect((await api(server, 'GET', '/contacts/list', { token })).body).toHaveLength(50);
  });

  it('toggles the bot and audio switches and blocks and unblocks', async () => {
    const { id } = await insertContact(server.ports.database.knex, company.companyId);
    const token = company.users[0]!.token;
    const bot = await api(server, 'PUT', `/contacts/toggleDisableBot/${id}`, { token });
    expect(bot.status).toBe(200);
    expect(bot.body.disableBot).toBe(true);
    expect((await api(server, 'PUT', `/contacts/toggleDisableBot/${id}`, { token })).body.disableBot).toBe(false);
    const audio = await api(server, 'PUT', `/contacts/toggleAcceptAudio/${id}`, { token });
    expect(audio.body.acceptAudioMessage).toBe(false);

    const blocked = await api(server, 'PUT', `/contacts/block/${id}`, { token, body: { active: false } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.active).toBe(false);
    const unblocked = await api(server, 'PUT', `/contacts/block/${id}`, { token, body: { active: true } });
    expect(unblocked.body.active).toBe(true);
    const missing = await api(server, 'PUT', `/contacts/block/${id}`, { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ active: 'Required' });
  });

  it("finds a contact by number in the caller's company only", async () => {
    const created = await api(server, 'POST', '/contacts', {
      token: company.admin.token,
      body: { name: 'Perfil', number: '41 98888-7777' },
    });
    const token = company.users[0]!.token;
    const exact = await api(server, 'GET', '/contacts/profile/5541988887777', { token });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ id: created.body.id, name: 'Perfil', tags: [], extraInfo: [] });
    const national = await api(server, 'GET', '/contacts/profile/41988887777', { token });
    expect(national.body.id).toBe(created.body.id);
    const unknown = await api(server, 'GET', '/contacts/profile/5541900000000', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const foreign = await api(server, 'GET', '/contacts/profile/5541988887777', { token: other.admin.token });
    expect(foreign.status).toBe(404);
  });

  it("answers 404 for another company's contact and 403 to a profile user deleting", async () => {
    const { id } = await insertContact(server.ports.database.knex, other.companyId, { name: 'Stranger' });
    const token = company.admin.token;
    const calls: [string, string, unknown?][] = [
      ['GET', `/contacts/${id}`],
      ['PUT', `/contacts/${id}`, { name: 'Renamed' }],
      ['DELETE', `/contacts/${id}`],
      ['PUT', `/contacts/toggleDisableBot/${id}`],
      ['PUT', `/contacts/toggleAcceptAudio/${id}`],
      ['PUT', `/contacts/block/${id}`, { active: false }],
      ['GET', '/contacts/999999999'],
      ['GET', '/contacts/abc'],
    ];
    for (const [method, route, body] of calls) {
      const answer = await api(server, method, route, { token, body });
      expect({ method, route, status: answer.status, error: answer.body?.error }).toEqual({
        method,
        route,
        status: 404,
        error: 'ERR_NO_CONTACT_FOUND',
      });
    }
    const row = await server.ports.database.knex('contacts').where('id', id).first();
    expect(row).toMatchObject({ name: 'Stranger', active: true, disable_bot: false });

    const mine = await insertContact(server.ports.database.knex, company.companyId);
    const asUser = await api(server, 'DELETE', `/contacts/${mine.id}`, { token: company.users[0]!.token });
    expect(asUser.status).toBe(403);
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const asAdmin = await api(server, 'DELETE', `/contacts/${mine.id}`, { token });
      expect(asAdmin.status).toBe(200);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'contact', { action: 'delete', contactId: mine.id });
    } finally {
      emit.mockRestore();
    }
    expect((await api(server, 'GET', `/contacts/${mine.id}`, { token })).status).toBe(404);
  });

  describe('import and export', () => {
    let target: CompanyFixture;

    beforeAll(async () => {
      target = await server.createCompany({ users: [{ profile: 'user' }] });
      await api(server, 'POST', '/contacts', { token: target.admin.token, body: { name: 'Já Existe', number: '11911110000' } });
      await insertTag(target.companyId, 'Cliente');
    });

    it('imports an xlsx: valid rows are created, invalid ones reported, duplicates skipped', async () => {
      const form = await workbookFile([
        ['Nome', 'Número', 'E-mail', 'Tags'],
        ['Ana Souza', '(11) 91111-0001', 'ana@example.com', 'cliente, Novos Leads'],
        ['B', '11911110002', '', ''], // name too short
        ['Carlos', '11911110003', 'not-an-email', ''],
        ['Duplicada do banco', '5511911110000', '', ''],
        ['Duplicada do arquivo', '11 91111-0001', '', ''],
        [],
        ['Numérica', 5511911110004, '', 'VIP;cliente'],
        ['Tag curta', '11911110005', '', 'ab'],
        ['Sem número', '', '', ''],
      ]);
      const emit = spyOnRealtime(server.ports.realtime);
      let answer;
      try {
        answer = await api(server, 'POST', '/contacts/upload', { token: target.users[0]!.token, body: form });
        expect(emit).toHaveBeenCalledWith(`company:${target.companyId}`, 'contact', expect.objectContaining({ action: 'create' }));
        expect(emit).toHaveBeenCalledWith(
          `company:${target.companyId}`,
          'tag',
          expect.objectContaining({ action: 'create', tag: expect.objectContaining({ name: 'Novos Leads' }) }),
        );
      } finally {
        emit.mockRestore();
      }
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        created: 2,
        skipped: 2,
        errors: [
          { row: 3, message: 'name: Too Short!', fields: { name: 'Too Short!' } },
          { row: 4, message: 'email: Invalid email', fields: { email: 'Invalid email' } },
          { row: 9, message: 'tags: Tag muito curta!', fields: { tags: 'Tag muito curta!' } },
          { row: 10, message: 'number: Required', fields: { number: 'Required' } },
        ],
      });
      const list = await api(server, 'GET', '/contacts', { token: target.admin.token });
      const byName = Object.fromEntries(list.body.contacts.map((c: { name: string }) => [c.name, c]));
      expect(byName['Ana Souza']).toMatchObject({ number: '5511911110001', email: 'ana@example.com' });
      expect(byName['Ana Souza'].tags.map((t: { name: string }) => t.name)).toEqual(['Cliente', 'Novos Leads']);
      expect(byName['Numérica']).toMatchObject({ number: '5511911110004' });
      expect(byName['Numérica'].tags.map((t: { name: string }) => t.name)).toEqual(['Cliente', 'VIP']);
      expect(list.body.count).toBe(3);
      const tags = await server.ports.database.knex('tags').where('company_id', target.companyId).orderBy('name').pluck('name');
      expect(tags).toEqual(['Cliente', 'Novos Leads', 'VIP']);
    });

    it('imports a csv with semicolons, quotes and accents', async () => {
      const csv =
        '\uFEFFnome;numero;email\r\n"Souza; Filhos";"(48) 99999-1000";souza@example.com\r\n"Dona ""Zezé""";48999991001;\r\nX;48999991002;\r\n';
      const answer = await api(server, 'POST', '/contacts/upload', {
        token: target.admin.token,
        body: fileForm(csv, 'contatos.csv', 'text/csv'),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        created: 2,
        skipped: 0,
        errors: [{ row: 4, message: 'name: Too Short!', fields: { name: 'Too Short!' } }],
      });
      const found = await api(server, 'GET', '/contacts?searchParam=999991001', { token: target.admin.token });
      expect(found.body.contacts.map((c: { name: string; number: string }) => [c.name, c.number])).toEqual([
        ['Dona "Zezé"', '5548999991001'],
      ]);

      const again = await api(server, 'POST', '/contacts/upload', {
        token: target.admin.token,
        body: fileForm('name,number\nSouza,48999991000\n', 'again.csv', 'text/csv'),
      });
      expect(again.body).toEqual({ created: 0, skipped: 1, errors: [] });
    });

    it('refuses files it cannot read', async () => {
      const token = target.admin.token;
      // An OLE header with no workbook behind it.
      const legacy = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
      const cases: [FormData, string][] = [
        [fileForm(legacy, 'old.xls', 'application/vnd.ms-excel'), 'ERR_INVALID_FILE'],
        [fileForm('not a zip', 'fake.xlsx', 'application/octet-stream'), 'ERR_INVALID_FILE'],
        [fileForm('name,number\nA,1', 'notes.txt', 'text/plain'), 'ERR_INVALID_FILE'],
        [fileForm('foo,bar\n1,2\n', 'columns.csv', 'text/csv'), 'ERR_INVALID_FILE'],
        [
          await workbookFile([
            ['Nome', 'Email'],
            ['Ana', 'a@b.c'],
          ]),
          'ERR_INVALID_FILE',
        ],
        [new FormData(), 'ERR_VALIDATION'],
      ];
      for (const [body, error] of cases) {
        const answer = await api(server, 'POST', '/contacts/upload', { token, body });
        expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error });
      }
      // A .xls that really is a CSV (as some tools save it) is read.
      const textXls = await api(server, 'POST', '/contacts/upload', {
        token,
        body: fileForm('name\tnumber\nTabulado\t48999992000\n', 'planilha.xls', 'application/vnd.ms-excel'),
      });
      expect(textXls.body).toEqual({ created: 1, skipped: 0, errors: [] });
    });

    it('imports a legacy .xls (Excel 97-2003) like an xlsx', async () => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(
        book,
        XLSX.utils.aoa_to_sheet([
          ['Nome', 'Número', 'Email'],
          ['Planilha Antiga', 5547999993000, 'antiga@example.com'],
          ['Z', '47999993001', ''],
        ]),
        'Plan1',
      );
      const data = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
      expect(data.readUInt32BE(0)).toBe(0xd0cf11e0); // a real OLE compound file, not xlsx or CSV in disguise
      const answer = await api(server, 'POST', '/contacts/upload', {
        token: target.admin.token,
        body: fileForm(data, 'antiga.xls', 'application/vnd.ms-excel'),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        created: 1,
        skipped: 0,
        errors: [{ row: 3, message: 'name: Too Short!', fields: { name: 'Too Short!' } }],
      });
      const found = await api(server, 'GET', '/contacts?searchParam=999993000', { token: target.admin.token });
      expect(found.body.contacts).toEqual([
        expect.objectContaining({ name: 'Planilha Antiga', number: '5547999993000', email: 'antiga@example.com' }),
      ]);
    });

    it('refuses a decompression bomb before parsing it, and a sheet of millions of empty rows', async () => {
      const token = target.admin.token;
      const sharedStrings = '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
      const bomb = await bombFile('xl/sharedStrings.xml', `${sharedStrings}<si><t>`, 'A', 256, '</t></si></sst>');
      const refused = await api(server, 'POST', '/contacts/upload', { token, body: bomb });
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 413, error: 'ERR_SPREADSHEET_TOO_LARGE' });
      expect(refused.body.message).toMatch(/descompactada/);

      const sheet =
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      const rows = await bombFile('xl/worksheets/sheet1.xml', sheet, '<row/>', 8, '</sheetData></worksheet>');
      const tooLong = await api(server, 'POST', '/contacts/upload', { token, body: rows });
      expect({ status: tooLong.status, error: tooLong.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_FILE' });
      expect(tooLong.body.message).toBe('A planilha pode ter no máximo 10000 linhas de contatos');
      // The server is still there and imports a normal file.
      const normal = await api(server, 'POST', '/contacts/upload', {
        token,
        body: await workbookFile([
          ['nome', 'numero'],
          ['Depois da Bomba', '48999993000'],
        ]),
      });
      expect(normal.body).toEqual({ created: 1, skipped: 0, errors: [] });
    }, 60_000);

    it('refuses a CSV of more lines than the import reads, while reading it', async () => {
      const lines = `name,number\n${'Linha,48999990000\n'.repeat(25_000)}`;
      const answer = await api(server, 'POST', '/contacts/upload', {
        token: target.admin.token,
        body: fileForm(lines, 'longa.csv', 'text/csv'),
      });
      expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_FILE' });
    });

    it('exports the company contacts as an xlsx that reads back (admins only)', async () => {
      const withExtras = await api(server, 'POST', '/contacts', {
        token: target.admin.token,
        body: {
          name: 'Com Extras',
          number: '11911117777',
          extraInfo: [
            { name: 'CPF', value: '123.456.789-00' },
            { name: 'Aniversário', value: '10/05' },
          ],
        },
      });
      expect(withExtras.status).toBe(201);
      const asUser = await api(server, 'GET', '/contacts/export', { token: target.users[0]!.token });
      expect(asUser.status).toBe(403);
      const response = await fetch(`${server.url}/contacts/export`, { headers: { authorization: `Bearer ${target.admin.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="contatos.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push([1, 2, 3, 4, 5, 6].map((column) => row.getCell(column).text)));
      // The extra information follows, one column per name the company uses.
      expect(rows[0]).toEqual(['name', 'number', 'email', 'tags', 'Aniversário', 'CPF']);
      expect(rows).toContainEqual(['Com Extras', '5511911117777', '', '', '10/05', '123.456.789-00']);
      const count = await server.ports.database.knex('contacts').where('company_id', target.companyId).count({ n: '*' });
      expect(rows).toHaveLength(Number(count[0]!.n) + 1);
      expect(rows).toContainEqual(['Ana Souza', '5511911110001', 'ana@example.com', 'Cliente, Novos Leads', '', '']);
      expect(rows.some((row) => row[0] === 'Perfil' || row[0] === 'Maria S.')).toBe(false);

      // What was exported imports back as duplicates only.
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      const reimport = await api(server, 'POST', '/contacts/upload', {
        token: target.admin.token,
        body: fileForm(data, 'contatos.xlsx', 'application/octet-stream'),
      });
      expect(reimport.body).toMatchObject({ created: 0, skipped: rows.length - 1 });
    });
  });
});
