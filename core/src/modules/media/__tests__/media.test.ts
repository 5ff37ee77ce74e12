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
