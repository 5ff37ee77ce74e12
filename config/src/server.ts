import { isIP } from 'node:net';
import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

/** express's `trust proxy`: whether to trust none or all, a hop count, or addresses and subnets of the proxies. */
export type TrustProxy = boolean | number | string[];

const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** One entry of a TRUST_PROXY list: a named range, an address, or an address with a prefix length or netmask. */
function isProxyEntry(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/** Parses TRUST_PROXY the way express reads `trust proxy`; undefined when the value is not one of its forms. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

export const serverVariables = {
  port: variable({
    env: 'PORT',
    doc: 'TCP port the HTTP server and the web app listen on.',
    defaultText: '8080',
    schema: yup.number().integer().min(0).max(65535).default(8080).typeError('must be a port number'),
  }),
  publicUrl: variable({
    env: 'PUBLIC_URL',
    doc: 'Address users reach the product at; used in links, webhooks and the widget. Defaults to http://localhost:PORT.',
    schema: yup.string().url('must be an absolute URL').optional(),
  }),
  webDistDir: variable({
    env: 'WEB_DIST_DIR',
    doc: 'Folder of the built web app served at the same origin. Defaults to web/dist of this checkout.',
    schema: yup.string().optional(),
  }),
  logLevel: variable({
    env: 'LOG_LEVEL',
    doc: 'Log verbosity: fatal, error, warn, info, debug or trace.',
    defaultText: 'info',
    schema: yup
      .string()
      .oneOf(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        'must be one of fatal, error, warn, info, debug, trace, silent',
      )
      .default('info'),
  }),
  trustProxy: variable({
    env: 'TRUST_PROXY',
    doc: 'Which proxies in front may name the client address (X-Forwarded-For), used by rate limits: false, true, a hop count, or a comma list of addresses, subnets and loopback / linklocal / uniquelocal.',
    defaultText: 'loopback',
    schema: yup
      .string()
      .default('loopback')
      .test(
        'trust-proxy',
        'must be false, true, a number of hops, or a comma list of addresses, subnets, loopback, linklocal or uniquelocal',
        (value) => value === undefined || parseTrustProxy(value) !== undefined,
      ),
  }),
  mediaFetchHosts: variable({
    env: 'MEDIA_FETCH_HOSTS',
    doc: "Where files named by URL (the API channel's media.url, a bot's reply file) may be fetched from: public (internet addresses only, so no one can make the server read its own network) or any (a closed network serving files from private addresses).",
    defaultText: 'public',
    schema: yup.string().oneOf(['public', 'any'], 'must be public or any').default('public'),
  }),
};

export interface ServerConfig {
  port: number;
  /** Where files named by URL (an integrator's, a bot's reply) may be fetched from. */
  mediaFetchHosts: 'public' | 'any';
  publicUrl: string;
  logLevel: string;
  webDistDir?: string;
  trustProxy: TrustProxy;
}

export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = readVariable(serverVariables.port, env) as number;
  const publicUrl = (readVariable(serverVariables.publicUrl, env) as string | undefined) ?? `http://localhost:${port}`;
  return {
    port,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    logLevel: readVariable(serverVariables.logLevel, env) as string,
    webDistDir: readVariable(serverVariables.webDistDir, env) as string | undefined,
    trustProxy: parseTrustProxy(readVariable(serverVariables.trustProxy, env) as string)!,
    mediaFetchHosts: readVariable(serverVariables.mediaFetchHosts, env) as 'public' | 'any',
  };
}
