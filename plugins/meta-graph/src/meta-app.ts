import { loadMetaConfig } from '@switchboard/config';

/**
 * The Meta app the product's Facebook login and app-level webhooks belong to (config: FACEBOOK_APP_ID,
 * FACEBOOK_APP_SECRET signs webhooks and proves API calls, FACEBOOK_VERIFY_TOKEN answers the subscription handshake).
 * Read per call so a changed environment (a test, a restarted node) is seen.
 */
export interface MetaApp {
  appId: string;
  appSecret: string;
  verifyToken: string;
}

export function metaApp(): MetaApp {
  const { appId, appSecret, verifyToken } = loadMetaConfig();
  return { appId, appSecret, verifyToken };
}
