import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MediaStorage } from '../../../platform/media/media-storage.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /media/*', () => {
  it("serves a company's file to its users only, with the token in the header or the query", async () => {
    const owner = await server.createCompany();
    const stranger = await server.createCompany();
    const stored = await server.container
      .get<MediaStorage>(MediaStorage)
      .save({ companyId: owner.companyId, folder: 'messages/1', fileName: 'foto.png', data: Buffer.from('not really a png') });
    expect(stored.path).toBe(`company${owner.companyId}/messages/1/foto.png`);

    const byHeader = await api(server, 'GET', `/media/${stored.path}`, { token: owner.admin.token });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body as string).toBe('not really a png');
    const byQuery = await fetch(`${server.url}/media/${stored.path}?token=${owner.admin.token}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get('content-type')).toMatch(/image\/png/);

    expect((await api(server, 'GET', `/media/${stored.path}`, { token: stranger.admin.token })).status).toBe(404);
    expect((await api(server, 'GET', `/media/${stored.path}`)).status).toBe(401);
    expect((await api(server, 'GET', `/media/company${owner.companyId}/messages/1/none.png`, { token: owner.admin.token })).status).toBe(
      404,
    );
    expect((await api(server, 'GET', `/media/company${owner.companyId}/..%2F..%2Fsecret`, { token: owner.admin.token })).status).toBe(404);
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
    const storage = server.container.get<MediaStorage>(MediaStorage);
    const stored = await storage.save({ companyId: owner.companyId, folder: 'messages/7', fileName: 'nota.ogg', data: voiceNote() });
    const mp3 = stored.path.replace(/\.ogg$/, '.mp3');
    expect((await api(server, 'GET', `/media/${mp3}`, { token: stranger.admin.token })).status).toBe(404);
    expect(await storage.exists(mp3)).toBe(false);

    const [first, second] = await Promise.all([
      fetch(`${server.url}/media/${mp3}?token=${owner.admin.token}`),
      fetch(`${server.url}/media/${mp3}?token=${owner.admin.token}`),
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

  it('answers missing for an .mp3 without an audio original, or one ffmpeg cannot read, leaving nothing behind', async () => {
    const owner = await server.createCompany();
    const storage = server.container.get<MediaStorage>(MediaStorage);
    const image = await storage.save({ companyId: owner.companyId, folder: 'messages/8', fileName: 'foto.png', data: Buffer.from('png') });
    expect((await api(server, 'GET', `/media/${image.path.replace(/\.png$/, '.mp3')}`, { token: owner.admin.token })).status).toBe(404);
    const broken = await storage.save({
      companyId: owner.companyId,
      folder: 'messages/8',
      fileName: 'quebrado.ogg',
      data: Buffer.from('not audio'),
    });
    const response = await api(server, 'GET', `/media/${broken.path.replace(/\.ogg$/, '.mp3')}`, { token: owner.admin.token });
    expect(response.status).toBe(404);
    expect(readdirSync(path.dirname(storage.absolutePath(broken.path))).sort()).toEqual(['foto.png', 'quebrado.ogg']);
  });
});
