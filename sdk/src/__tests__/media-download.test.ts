import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { downloadMedia, isPublicAddress } from '../media-download.js';

describe('media downloads for integrators', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('file bytes'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tells internet addresses from the server’s own networks', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });

  it('refuses a file on a private address, by number or by a name that resolves to one', async () => {
    const options = { hosts: 'public' as const, maxBytes: 1024, timeoutMs: 5000 };
    await expect(downloadMedia(new URL(`${origin}/a.png`), options)).rejects.toThrow('not a public address');
    const port = (server.address() as AddressInfo).port;
    await expect(downloadMedia(new URL(`http://localhost:${port}/a.png`), options)).rejects.toThrow('not a public address');
  });

  it('fetches from any address when the channel allows it, within the size limit', async () => {
    await expect(downloadMedia(new URL(`${origin}/a.png`), { hosts: 'any', maxBytes: 1024, timeoutMs: 5000 })).resolves.toMatchObject({
      data: Buffer.from('file bytes'),
    });
    await expect(downloadMedia(new URL(`${origin}/a.png`), { hosts: 'any', maxBytes: 4, timeoutMs: 5000 })).rejects.toThrow(
      /has (more than 4|10) bytes/,
    );
  });
});
