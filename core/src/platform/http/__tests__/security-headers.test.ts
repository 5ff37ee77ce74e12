import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';
import { securityHeaders } from '../security-headers.js';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'sb-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
});

afterAll(async () => {
  await server?.stop();
  await rm(webDist, { recursive: true, force: true });
});

function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries((policy ?? '').split(';').map((part) => part.trim().split(/\s+(.*)/s) as [string, string]));
}

describe('security headers', () => {
  it('are on API answers and on the web app, which nothing may frame', async () => {
    const answer = await api(server, 'GET', '/auth/me');
    expect(answer.status).toBe(401);
    const page = await api(server, 'GET', '/tickets', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    for (const { headers } of [answer, page]) {
      const csp = directives(headers.get('content-security-policy'));
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['default-src']).toBe("'self'");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['script-src']).toBe("'self' https://connect.facebook.net");
      expect(csp['connect-src']).toMatch(/^'self' ws:\/\/localhost/);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is plain http here: no HSTS.
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('leave the website chat widget embeddable on any site', async () => {
    const company = await server.createCompany();
    const created = await api(server, 'POST', '/whatsapp', { token: company.admin.token, body: { name: 'Site', channel: 'webchat' } });
    expect(created.status).toBeLessThan(300);
    const connected = async () => (await api(server, 'GET', '/whatsapp', { token: company.admin.token })).body[0]?.status === 'CONNECTED';
    await eventually(async () => ((await connected()) ? true : undefined), 'the widget connection');
    const page = await api(server, 'GET', `/widget/${created.body.publicId ?? created.body.token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(directives(page.headers.get('content-security-policy'))['frame-ancestors']).toBe('*');
    expect(page.headers.get('x-frame-options')).toBeNull();
  });

  it('ask browsers for https only when the product is served over https', async () => {
    const app = express();
    app.use(securityHeaders('https://atendimento.example.com'));
    app.get('/', (_req, res) => res.json({}));
    const listening = app.listen(0);
    try {
      const response = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/`);
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp['connect-src']).toContain('wss://atendimento.example.com');
      expect(csp).toHaveProperty('upgrade-insecure-requests');
    } finally {
      listening.close();
    }
  });
});

describe('body limits', () => {
  it('answers 413 with a JSON error for a body over 1 MB, and reads one under it', async () => {
    const post = (type: string, body: string) => fetch(`${server.url}/tags`, { method: 'POST', headers: { 'content-type': type }, body });
    const json = await post('application/json', JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const form = await post('application/x-www-form-urlencoded', `name=${'x'.repeat(1_100_000)}`);
    expect(form.status).toBe(413);
    expect(await form.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    // Read, then refused for what it is: a call without a token.
    expect((await post('application/json', JSON.stringify({ name: 'x'.repeat(900_000) }))).status).toBe(401);
  });
});

describe('idle connections', () => {
  it('stay open longer than the proxy in front keeps its own (nginx: 60 s), as the Keep-Alive header tells clients', async () => {
    const answer = await api(server, 'GET', '/auth/me');
    expect(answer.headers.get('connection')).toBe('keep-alive');
    const seconds = Number(/timeout=(\d+)/.exec(answer.headers.get('keep-alive') ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(60);
  });
});
