import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FileListEvent } from '@switchboard/sdk/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
const sockets: Socket[] = [];

const admin = () => company.admin.token;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ users: [{ profile: 'user' }] });
  other = await server.createCompany();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

function createList(token: string, body: Record<string, unknown>) {
  return api(server, 'POST', '/files', { token, body });
}

/** The multipart body of POST /files/uploadList/:id: per file its option id, in the same order. */
function uploadForm(fileListId: number, files: { optionId: number; content: string | Buffer; name: string; type?: string }[]) {
  const form = new FormData();
  form.append('fileId', String(fileListId));
  form.append('typeArch', 'fileList');
  for (const file of files) {
    const type = file.type ?? 'application/pdf';
    form.append('files', new Blob([file.content], { type }), file.name);
    form.append('mediaType', type);
    form.append('name', file.name);
    form.append('id', String(file.optionId));
  }
  return form;
}

function upload(token: string, fileListId: number, form: FormData) {
  return api(server, 'POST', `/files/uploadList/${fileListId}`, { token, body: form });
}

describe('file lists API', () => {
  it('creates a list with options as the current user, reads, pages and searches it', async () => {
    const created = await createList(admin(), {
      name: 'Catálogo 2026',
      message: 'Olá {{firstName}}, segue o catálogo',
      userId: company.users[0]!.id,
      options: [{ name: 'Tabela de preços' }, { name: 'Fotos', path: '../../company1/secret.pdf', mediaType: 'image/png' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: 'Catálogo 2026',
      userId: company.admin.id,
      options: [
        { id: expect.any(Number), name: 'Tabela de preços', path: null, mediaType: null },
        // A body never sets where an option's file is: only an upload does.
        { id: expect.any(Number), name: 'Fotos', path: null, mediaType: null },
      ],
    });
    const shown = await api(server, 'GET', `/files/${created.body.id}`, { token: admin() });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    for (let index = 0; index < 21; index += 1) {
      expect((await createList(admin(), { name: `Pág ${String(index).padStart(2, '0')}` })).status).toBe(201);
    }
    const first = await api(server, 'GET', '/files?searchParam=p%C3%A1g', { token: admin() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.files).toHaveLength(20);
    expect(first.body.files[0]).toMatchObject({ name: 'Pág 00', options: [] });
    const second = await api(server, 'GET', '/files?searchParam=P%C3%81G&pageNumber=2', { token: admin() });
    expect(second.body.files.map((list: { name: string }) => list.name)).toEqual(['Pág 20']);
    expect(second.body.hasMore).toBe(false);
    const searched = await api(server, 'GET', '/files?searchParam=CAT%C3%A1LOGO', { token: admin() });
    expect(searched.body.files).toEqual([created.body]);
    expect((await api(server, 'GET', '/files?pageNumber=0', { token: admin() })).status).toBe(400);
  });

  it('validates the body', async () => {
    const unnamed = await createList(admin(), { message: 'x', options: [{ name: '' }] });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Obrigatório', 'options[0].name': 'Obrigatório' } });
    const many = await createList(admin(), { name: 'Muitos', options: Array.from({ length: 11 }, (_, i) => ({ name: `f${i}` })) });
    expect(many.status).toBe(400);
    expect(many.body.fields).toEqual({ options: 'No máximo 10 arquivos' });
  });

  it('changes options on update: renames kept ones, adds new ones, removes the rest with their files', async () => {
    const created = await createList(admin(), { name: 'Mudanças', options: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    const [a, b, c] = created.body.options as { id: number }[];
    const stored = await upload(admin(), created.body.id, uploadForm(created.body.id, [{ optionId: b!.id, content: 'b', name: 'b.pdf' }]));
    const bPath: string = stored.body.options[1].path;
    expect(await server.ports.media.exists(bPath)).toBe(true);

    const updated = await api(server, 'PUT', `/files/${created.body.id}`, {
      token: admin(),
      body: {
        name: 'Mudanças 2',
        message: 'Nova mensagem',
        options: [{ id: c!.id, name: 'C renomeado' }, { id: a!.id, name: 'A' }, { name: 'D' }],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Mudanças 2', message: 'Nova mensagem' });
    expect(updated.body.options.map((option: { id: number; name: string }) => [option.id, option.name])).toEqual([
      [a!.id, 'A'],
      [c!.id, 'C renomeado'],
      [expect.any(Number), 'D'],
    ]);
    expect(await server.ports.media.exists(bPath)).toBe(false);

    // An option id of another list is refused and changes nothing.
    const foreignList = await createList(admin(), { name: 'Outra', options: [{ name: 'X' }] });
    const stolen = await api(server, 'PUT', `/files/${created.body.id}`, {
      token: admin(),
      body: { name: 'Mudanças 3', options: [{ id: foreignList.body.options[0].id, name: 'X' }] },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ 'options[0].id': 'Arquivo inválido' });
    expect((await api(server, 'GET', `/files/${created.body.id}`, { token: admin() })).body).toEqual(updated.body);
  });

  it('uploads each file to its option under the company folder, readable only through the media route', async () => {
    const created = await createList(admin(), { name: 'Uploads', options: [{ name: 'Preços' }, { name: 'Foto' }] });
    const [prices, photo] = created.body.options as { id: number }[];
    const uploaded = await upload(
      admin(),
      created.body.id,
      uploadForm(created.body.id, [
        { optionId: photo!.id, content: 'PNG!', name: 'foto.png', type: 'image/png' },
        { optionId: prices!.id, content: '%PDF preços', name: 'preços.pdf' },
      ]),
    );
    expect(uploaded.status).toBe(200);
    const [pricesOption, photoOption] = uploaded.body.options;
    expect(photoOption).toMatchObject({ id: photo!.id, name: 'Foto', mediaType: 'image/png' });
    expect(pricesOption).toMatchObject({ id: prices!.id, name: 'Preços', mediaType: 'application/pdf' });
    const folder = `company${company.companyId}/fileList/${created.body.id}/`;
    expect(photoOption.path.startsWith(folder)).toBe(true);
    expect(await readFile(server.ports.media.absolutePath(pricesOption.path), 'utf8')).toBe('%PDF preços');

    const own = await fetch(`${server.url}/media/${photoOption.path}`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('PNG!');
    const foreign = await fetch(`${server.url}/media/${photoOption.path}`, { headers: { authorization: `Bearer ${other.admin.token}` } });
    expect(foreign.status).toBe(404);

    // A new file replaces the option's old one.
    const replaced = await upload(
      admin(),
      created.body.id,
      uploadForm(created.body.id, [{ optionId: photo!.id, content: 'PNG2', name: 'foto2.png', type: 'image/png' }]),
    );
    expect(replaced.status).toBe(200);
    expect(await server.ports.media.exists(photoOption.path)).toBe(false);
    expect(await server.ports.media.exists(replaced.body.options[1].path)).toBe(true);

    // Deleting the list removes its files.
    expect((await api(server, 'DELETE', `/files/${created.body.id}`, { token: admin() })).status).toBe(200);
    expect(await server.ports.media.exists(pricesOption.path)).toBe(false);
    expect(await server.ports.media.exists(replaced.body.options[1].path)).toBe(false);
    expect((await api(server, 'GET', `/files/${created.body.id}`, { token: admin() })).status).toBe(404);
  });

  it('refuses path names, foreign option ids, unpaired files and oversize files, storing nothing', async () => {
    const created = await createList(admin(), { name: 'Recusas', options: [{ name: 'Um' }] });
    const optionId: number = created.body.options[0].id;
    const optionPath = async () => (await server.ports.database.knex('file_options').where('file_id', created.body.id).first('path')).path;

    // The multipart parser keeps only the last segment of a path; `..` leaves no file at all, so its id is unpaired.
    const climbing = await upload(
      admin(),
      created.body.id,
      uploadForm(created.body.id, [{ optionId, content: 'x', name: '../../../etc/passwd' }]),
    );
    expect(climbing.status).toBe(200);
    expect(climbing.body.options[0].path).toMatch(new RegExp(`^company${company.companyId}/fileList/${created.body.id}/[^/]+passwd$`));
    const dots = await upload(admin(), created.body.id, uploadForm(created.body.id, [{ optionId, content: 'x', name: '..' }]));
    expect(dots.status).toBe(400);
    expect(dots.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { id: 'Um id por arquivo' } });

    const foreignList = await createList(admin(), { name: 'Alheia', options: [{ name: 'Z' }] });
    const foreignOption = await upload(
      admin(),
      created.body.id,
      uploadForm(created.body.id, [{ optionId: foreignList.body.options[0].id, content: 'x', name: 'z.pdf' }]),
    );
    expect(foreignOption.status).toBe(400);
    expect(foreignOption.body.fields).toEqual({ 'id[0]': 'Arquivo inválido' });

    const unpaired = uploadForm(created.body.id, [{ optionId, content: 'x', name: 'a.pdf' }]);
    unpaired.append('id', String(optionId));
    expect((await upload(admin(), created.body.id, unpaired)).status).toBe(400);
    const otherListId = uploadForm(foreignList.body.id, [{ optionId, content: 'x', name: 'a.pdf' }]);
    expect((await upload(admin(), created.body.id, otherListId)).body.fields).toEqual({ fileId: 'Lista inválida' });
    const eleven = uploadForm(
      created.body.id,
      Array.from({ length: 11 }, () => ({ optionId, content: 'x', name: 'a.pdf' })),
    );
    expect((await upload(admin(), created.body.id, eleven)).status).toBe(400);

    const oversize = await upload(
      admin(),
      created.body.id,
      uploadForm(created.body.id, [{ optionId, content: Buffer.alloc(64 * 1024 * 1024 + 1), name: 'grande.pdf' }]),
    );
    expect(oversize.status).toBe(413);
    expect(await optionPath()).toBe(climbing.body.options[0].path);
  });

  it("answers 404 ERR_NO_FILE_FOUND for another company's list and 403 to a non-admin", async () => {
    const foreign = await createList(other.admin.token, { name: 'Da outra empresa', options: [{ name: 'x' }] });
    const id = foreign.body.id as number;
    const attempts = [
      await api(server, 'GET', `/files/${id}`, { token: admin() }),
      await api(server, 'PUT', `/files/${id}`, { token: admin(), body: { name: 'Tomada', options: [] } }),
      await api(server, 'DELETE', `/files/${id}`, { token: admin() }),
      await upload(admin(), id, uploadForm(id, [{ optionId: foreign.body.options[0].id, content: 'x', name: 'x.pdf' }])),
    ];
    for (const attempt of attempts) expect(attempt).toMatchObject({ status: 404, body: { error: 'ERR_NO_FILE_FOUND' } });
    const listed = await api(server, 'GET', '/files?searchParam=outra%20empresa', { token: admin() });
    expect(listed.body).toMatchObject({ files: [], count: 0 });
    expect((await api(server, 'GET', `/files/${id}`, { token: other.admin.token })).body.name).toBe('Da outra empresa');
    expect((await api(server, 'GET', '/files', { token: company.users[0]!.token })).status).toBe(403);
  });

  it("announces creations, changes and removals to the company's room only", async () => {
    const listen = async (token: string) => {
      const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
      const events: FileListEvent[] = [];
      socket.on('file', (event: FileListEvent) => events.push(event));
      return events;
    };
    const ours = await listen(admin());
    const theirs = await listen(other.admin.token);
    const created = await createList(admin(), { name: 'Ao vivo', options: [{ name: 'um' }] });
    const id = created.body.id as number;
    await api(server, 'PUT', `/files/${id}`, { token: admin(), body: { name: 'Ao vivo 2', options: [] } });
    await api(server, 'DELETE', `/files/${id}`, { token: admin() });
    await eventually(() => ours.some((event) => event.action === 'delete' && event.fileId === id), 'file delete event');
    expect(ours.filter((event) => event.action !== 'reload' && ('fileId' in event ? event.fileId : event.fileList.id) === id)).toEqual([
      { action: 'create', fileList: expect.objectContaining({ id, name: 'Ao vivo', options: [expect.objectContaining({ name: 'um' })] }) },
      { action: 'update', fileList: expect.objectContaining({ id, name: 'Ao vivo 2', options: [] }) },
      { action: 'delete', fileId: id },
    ]);
    // Their socket is connected all along and hears their own company's lists, never ours.
    const theirsCreated = await createList(other.admin.token, { name: 'Deles' });
    await eventually(() => theirs.some((event) => event.action === 'create' && event.fileList.id === theirsCreated.body.id), 'their event');
    expect(theirs.every((event) => event.action === 'reload' || ('fileId' in event ? event.fileId : event.fileList.id) !== id)).toBe(true);
  });
});
