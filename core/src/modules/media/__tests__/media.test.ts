import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Authenticator } from '../../../platform/auth/authenticator.js';
import { MediaStorage } from '../../../platform/media/media-storage.js';
import { insertTicket } from '../../../testing/fixtures.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';
import { MediaLinks } from '../media-links.js';

let server: TestServer;
let storage: MediaStorage;

beforeAll(async () => {
  server = await startTestServer();
  storage = server.container.get<MediaStorage>(MediaStorage);
});

afterAll(async () => {
  await server?.stop();
});

/** GET with the path sent exactly as written: fetch and supertest would resolve `..` before sending. */
function rawGet(rawPath: string, token?: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const call = request({ hostname, port, path: rawPath, headers: token ? { authorization: `Bearer ${token}` } : {} }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body, headers: response.headers }));
    });
    call.on('error', reject);
    call.end();
  });
}

/** A message of the ticket carrying a stored file, as ingest and sending write it. */
async function attach(companyId: number, ticketId: number, mediaUrl: string, mediaType: string): Promise<void> {
  await server.ports.database
    .knex('messages')
    .insert({ company_id: companyId, ticket_id: ticketId, media_url: mediaUrl, media_type: mediaType });
}

describe('GET /media/*', () => {
  it("serves a company's file to its users only, with the token in the header", async () => {
    const owner = await server.createCompany();
    const stranger = await server.createCompany();
    const stored = await storage.save({
      companyId: owner.companyId,
      folder: 'messages/1',
      fileName: 'foto.png',
      data: Buffer.from('not really a png'),
    });
    expect(stored.path).toBe(`company${owner.companyId}/messages/1/foto.png`);

    const byHeader = await api(server, 'GET', `/media/${stored.path}`, { token: owner.admin.token });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body as string).toBe('not really a png');
    expect(byHeader.headers.get('content-type')).toMatch(/image\/png/);

    expect((await api(server, 'GET', `/media/${stored.path}`, { token: stranger.admin.token })).status).toBe(404);
    expect((await api(server, 'GET', `/media/${stored.path}`)).status).toBe(401);
    expect((await api(server, 'GET', `/media/company${owner.companyId}/messages/1/none.png`, { token: owner.admin.token })).status).toBe(
      404,
    );
  });

  it("never reaches another company's file by climbing folders, however the path is written", async () => {
    const attacker = await server.createCompany();
    const victim = await server.createCompany();
    const secret = await storage.save({
      companyId: victim.companyId,
      folder: 'messages/9',
      fileName: 'segredo.txt',
      data: Buffer.from('secret'),
    });
    const own = `company${attacker.companyId}`;
    const target = secret.path; // company{victim}/messages/9/segredo.txt
    const rest = target.split('/').slice(1).join('/');
    const attempts = [
      `/media/${own}/../${target}`,
      `/media/${own}/messages/../../${target}`,
      `/media/${own}/%2e%2e/${target}`,
      `/media/${own}/%2E%2E/company${victim.companyId}/${rest}`,
      `/media/${own}%2F..%2F${target.replaceAll('/', '%2F')}`,
      `/media/${own}/..%2F${target}`,
      `/media/${own}/..%5C${target}`,
      `/media/${own}/./../${target}`,
      `/media/${own}//../${target}`,
    ];
    for (const attempt of attempts) {
      const answer = await rawGet(attempt, attacker.admin.token);
      expect({ attempt, status: answer.status, body: answer.body }).toEqual({
        attempt,
        status: 404,
        body: expect.stringContaining('ERR_NO_MEDIA_FOUND'),
      });
    }
    // The victim's own users still read it.
    expect((await rawGet(`/media/${target}`, victim.admin.token)).status).toBe(200);
  });

  it('sends files the app does not show as downloads, and none of them can run as a page', async () => {
    const company = await server.createCompany();
    const save = (fileName: string, data: string) =>
      storage.save({ companyId: company.companyId, folder: 'quick-messages', fileName, data: Buffer.from(data) });
    const html = await save('pagina.html', '<script>alert(document.cookie)</script>');
    const svg = await save('desenho.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const png = await save('foto.png', 'png');
    for (const file of [html, svg]) {
      const answer = await api(server, 'GET', `/media/${file.path}`, { token: company.admin.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="?(pagina\.html|desenho\.svg)"?$/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const image = await api(server, 'GET', `/media/${png.path}`, { token: company.admin.token });
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(image.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses an access token in the query and serves a signed link of the same user instead', async () => {
    const company = await server.createCompany();
    const stranger = await server.createCompany();
    const file = await storage.save({ companyId: company.companyId, folder: 'users/1', fileName: 'perfil.png', data: Buffer.from('face') });
    const byQuery = await fetch(`${server.url}/media/${file.path}?token=${company.admin.token}`);
    expect(byQuery.status).toBe(401);
    expect(await byQuery.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });

    const link = await api(server, 'GET', `/media-link?path=${encodeURIComponent(file.path)}`, { token: company.admin.token });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^/media/${file.path}\\?expires=\\d+&uid=\\d+&sid=[\\w-]+&tv=\\d+&signature=[\\w-]+$`));
    expect(link.body.url).not.toContain(company.admin.token);
    const signed = await fetch(`${server.url}${link.body.url}`);
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('face');

    // The signature holds for that file only, unaltered, and not past its expiry.
    const other = await storage.save({ companyId: company.companyId, folder: 'users/1', fileName: 'outra.png', data: Buffer.from('x') });
    const query = (link.body.url as string).split('?')[1]!;
    expect((await fetch(`${server.url}/media/${other.path}?${query}`)).status).toBe(401);
    const tampered = (link.body.url as string).replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await fetch(`${server.url}${tampered}`)).status).toBe(401);
    const later = Number(/expires=(\d+)/.exec(link.body.url)![1]) + 60;
    expect((await fetch(`${server.url}${link.body.url.replace(/expires=\d+/, `expires=${later}`)}`)).status).toBe(401);
    const auth = await server.container.get(Authenticator).authenticateToken(company.admin.token);
    const expired = server.container.get(MediaLinks).sign(auth, file.path, Date.now() - 3 * 60 * 60 * 1000);
    expect((await fetch(`${server.url}${expired.url}`)).status).toBe(401);

    // Another company's user gets no link to the file.
    expect((await api(server, 'GET', `/media-link?path=${encodeURIComponent(file.path)}`, { token: stranger.admin.token })).status).toBe(
      404,
    );
    // Signing out ends the links of that sign-in.
    expect((await api(server, 'DELETE', '/auth/logout', { token: company.admin.token })).status).toBe(200);
    expect((await fetch(`${server.url}${link.body.url}`)).status).toBe(401);
  });
});

describe('ticket media and the visibility rule (spec 1 §6)', () => {
  it('answers a profile user 404 for media of a ticket it may not see, and serves what it may see', async () => {
    const company = await server.createCompany({ users: [{ profile: 'user' }] });
    const agent = company.users[0]!;
    const knex = server.ports.database.knex;
    const hidden = await insertTicket(knex, company.companyId, { user_id: company.admin.id });
    const own = await insertTicket(knex, company.companyId, { user_id: agent.id });
    const save = (folder: string, fileName: string) =>
      storage.save({ companyId: company.companyId, folder, fileName, data: Buffer.from(fileName) });
    const hiddenFile = await save(`messages/${hidden.ticketId}`, 'hidden.png');
    await attach(company.companyId, hidden.ticketId, hiddenFile.path, 'image');
    const ownFile = await save(`messages/${own.ticketId}`, 'own.png');
    await attach(company.companyId, own.ticketId, ownFile.path, 'image');
    const forwarded = await save(`messages/${hidden.ticketId}`, 'forwarded.png');
    await attach(company.companyId, hidden.ticketId, forwarded.path, 'image');
    await attach(company.companyId, own.ticketId, forwarded.path, 'image');
    const reply = await save('quick-messages', 'reply.png');

    const get = (file: string, token: string) => api(server, 'GET', `/media/${file}`, { token });
    expect(await get(hiddenFile.path, agent.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_MEDIA_FOUND' } });
    expect((await api(server, 'GET', `/media-link?path=${encodeURIComponent(hiddenFile.path)}`, { token: agent.token })).status).toBe(404);
    expect((await get(hiddenFile.path, company.admin.token)).status).toBe(200);
    expect((await get(ownFile.path, agent.token)).status).toBe(200);
    // A file forwarded into a ticket the agent sees is read through that ticket.
    expect((await get(forwarded.path, agent.token)).status).toBe(200);
    // Files outside tickets keep the company rule.
    expect((await get(reply.path, agent.token)).status).toBe(200);
  });
});

describe('mp3 copies of voice notes (iOS/Safari)', () => {
  /** One second of Opus in Ogg, as WhatsApp voice notes arrive. */
  function voiceNote(): Buffer {
    const made = spawnSync(ffmpeg.path, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-c:a',
      'libopus',
      '-f',
      'ogg',
      '-',
    ]);
    expect(made.status).toBe(0);
    return made.stdout;
  }

  it('answers the .mp3 of a stored .ogg, made on the first request, for the owning company only', async () => {
    const owner = await server.createCompany();
    const stranger = await server.createCompany();
    const { ticketId } = await insertTicket(server.ports.database.knex, owner.companyId);
    const stored = await storage.save({
      companyId: owner.companyId,
      folder: `messages/${ticketId}`,
      fileName: 'nota.ogg',
      data: voiceNote(),
    });
    await attach(owner.companyId, ticketId, stored.path, 'audio');
    const mp3 = stored.path.replace(/\.ogg$/, '.mp3');
    expect((await api(server, 'GET', `/media/${mp3}`, { token: stranger.admin.token })).status).toBe(404);
    expect(await storage.exists(mp3)).toBe(false);

    const [first, second] = await Promise.all([
      fetch(`${server.url}/media/${mp3}`, { headers: { authorization: `Bearer ${owner.admin.token}` } }),
      fetch(`${server.url}/media/${mp3}`, { headers: { authorization: `Bearer ${owner.admin.token}` } }),
    ]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/audio\/mpeg/);
      const bytes = Buffer.from(await response.arrayBuffer());
      // An mp3 starts with an ID3 tag or a frame sync.
      expect(bytes.subarray(0, 3).toString() === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true);
      expect(bytes.length).toBeGreaterThan(10_000);
    }
    expect(await storage.exists(mp3)).toBe(true);
    // The original stays what the other browsers play.
    expect((await api(server, 'GET', `/media/${stored.path}`, { token: owner.admin.token })).status).toBe(200);
  });

  it('converts only audio: not a document named .ogg, nor a file ffmpeg cannot read, leaving nothing behind', async () => {
    const owner = await server.createCompany();
    const { ticketId } = await insertTicket(server.ports.database.knex, owner.companyId);
    const folder = `messages/${ticketId}`;
    const image = await storage.save({ companyId: owner.companyId, folder, fileName: 'foto.png', data: Buffer.from('png') });
    expect((await api(server, 'GET', `/media/${image.path.replace(/\.png$/, '.mp3')}`, { token: owner.admin.token })).status).toBe(404);
    // Real Opus audio, but sent as a document: not an audio of the conversation, so no copy is made.
    const document = await storage.save({ companyId: owner.companyId, folder, fileName: 'anexo.ogg', data: voiceNote() });
    await attach(owner.companyId, ticketId, document.path, 'application');
    expect((await api(server, 'GET', `/media/${document.path.replace(/\.ogg$/, '.mp3')}`, { token: owner.admin.token })).status).toBe(404);
    const broken = await storage.save({ companyId: owner.companyId, folder, fileName: 'quebrado.ogg', data: Buffer.from('not audio') });
    await attach(owner.companyId, ticketId, broken.path, 'audio');
    const response = await api(server, 'GET', `/media/${broken.path.replace(/\.ogg$/, '.mp3')}`, { token: owner.admin.token });
    expect(response.status).toBe(404);
    expect(readdirSync(path.dirname(storage.absolutePath(broken.path))).sort()).toEqual(['anexo.ogg', 'foto.png', 'quebrado.ogg']);
  });
});
