import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export const MediaHosts = Symbol('MediaHosts');
/**
 * Where a file that an integrator or a bot names by URL may be fetched from (core binds it from MEDIA_FETCH_HOSTS).
 * 'public' (the default): internet addresses only, so whoever names the URL cannot make the server fetch from its
 * own network (loopback, private ranges, cloud metadata). 'any': for a test or a closed network serving files from
 * private addresses.
 */
export type MediaHosts = 'public' | 'any';

const notPublic = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address is judged by its IPv4 part (BlockList would match it against the IPv6 rules only).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class MediaDownloadError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'MediaDownloadError';
  }
}

/** A fetched file, with the type its server declared. */
export interface DownloadedMedia {
  data: Buffer;
  mimeType?: string;
}

/**
 * Fetches a file, at most `maxBytes`, within `timeoutMs`. The address the connection is made to is the one checked
 * (the lookup itself refuses a non-public answer), so a name that resolves differently the second time gains
 * nothing; redirects are not followed for the same reason.
 */
export function downloadMedia(url: URL, options: { hosts: MediaHosts; maxBytes: number; timeoutMs: number }): Promise<DownloadedMedia> {
  const guardedLookup: typeof dnsLookup = ((hostname: string, lookupOptions: object, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = options.hosts === 'public' && addresses.some((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) return callback(new MediaDownloadError(`${url.hostname} is not a public address`));
      if ((lookupOptions as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as typeof dnsLookup;
  if (
    options.hosts === 'public' &&
    net.isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
    !isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))
  ) {
    return Promise.reject(new MediaDownloadError(`${url.hostname} is not a public address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup, timeout: options.timeoutMs }, (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new MediaDownloadError(`the file at ${url.origin} answered ${status}`));
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        return reject(new MediaDownloadError(`the file has ${declared} bytes`, true));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new MediaDownloadError(`the file has more than ${options.maxBytes} bytes`, true));
          return;
        }
        chunks.push(chunk);
      });
      const mimeType = response.headers['content-type']?.split(';')[0]?.trim();
      response.on('end', () => resolve({ data: Buffer.concat(chunks), ...(mimeType ? { mimeType } : {}) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new MediaDownloadError(`the file at ${url.origin} did not arrive in time`)));
    request.on('error', reject);
  });
}
