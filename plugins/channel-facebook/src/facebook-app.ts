/**
 * The Meta app the product's Facebook login and app-level webhook belong to, from the environment:
 * FACEBOOK_APP_ID, FACEBOOK_APP_SECRET (signs webhooks, proves API calls) and FACEBOOK_VERIFY_TOKEN (the
 * webhook subscription handshake at /webhooks/facebook). Read per call so a test can set them.
 */
export interface FacebookApp {
  appId: string;
  appSecret: string;
  verifyToken: string;
}

export function facebookApp(): FacebookApp {
  return {
    appId: process.env.FACEBOOK_APP_ID?.trim() ?? '',
    appSecret: process.env.FACEBOOK_APP_SECRET?.trim() ?? '',
    verifyToken: process.env.FACEBOOK_VERIFY_TOKEN?.trim() ?? '',
  };
}
