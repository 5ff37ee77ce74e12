import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

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
};

export interface ServerConfig {
  port: number;
  publicUrl: string;
  logLevel: string;
  webDistDir?: string;
}

export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = readVariable(serverVariables.port, env) as number;
  const publicUrl = (readVariable(serverVariables.publicUrl, env) as string | undefined) ?? `http://localhost:${port}`;
  return {
    port,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    logLevel: readVariable(serverVariables.logLevel, env) as string,
    webDistDir: readVariable(serverVariables.webDistDir, env) as string | undefined,
  };
}
