import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

const graphOriginDefault = 'https://graph.facebook.com';

/** The product's Meta app (Facebook login, app-level webhooks) and where the Graph API lives. */
export const metaVariables = {
  appId: variable({
    env: 'FACEBOOK_APP_ID',
    doc: "Id of the product's Meta app: enables the Facebook login that turns a user's pages and Instagram accounts into connections.",
    defaultText: '—',
    schema: yup.string().optional(),
  }),
  appSecret: variable({
    env: 'FACEBOOK_APP_SECRET',
    doc: "Secret of the product's Meta app: signs the app-level webhooks (/webhooks/facebook, /webhooks/instagram) and proves its Graph calls.",
    defaultText: '—',
    schema: yup.string().optional(),
  }),
  verifyToken: variable({
    env: 'FACEBOOK_VERIFY_TOKEN',
    doc: "Verify token of the Meta app's webhook subscription handshake at /webhooks/facebook and /webhooks/instagram.",
    defaultText: '—',
    schema: yup.string().optional(),
  }),
  graphOrigin: variable({
    env: 'SWITCHBOARD_GRAPH_ORIGIN',
    doc: 'Origin of the Meta Graph API the Facebook and Instagram channels call (a local fake in tests).',
    defaultText: graphOriginDefault,
    schema: yup
      .string()
      .matches(/^https?:\/\/[^/\s]+\/?$/, 'must be an http(s) origin such as https://graph.facebook.com')
      .default(graphOriginDefault),
  }),
};

export interface MetaConfig {
  /** Empty when unset, like the secret and the verify token. */
  appId: string;
  appSecret: string;
  verifyToken: string;
  /** Without a trailing slash. */
  graphOrigin: string;
}

/** Read per call by the Meta channels, so a test (or an operator's restart) sees the current environment. */
export function loadMetaConfig(env: NodeJS.ProcessEnv = process.env): MetaConfig {
  return {
    appId: (readVariable(metaVariables.appId, env) as string | undefined) ?? '',
    appSecret: (readVariable(metaVariables.appSecret, env) as string | undefined) ?? '',
    verifyToken: (readVariable(metaVariables.verifyToken, env) as string | undefined) ?? '',
    graphOrigin: (readVariable(metaVariables.graphOrigin, env) as string).replace(/\/+$/, ''),
  };
}
