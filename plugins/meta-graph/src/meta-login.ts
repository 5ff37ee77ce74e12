import { randomBytes } from 'node:crypto';
import { ChannelError, type PluginLogger, type ProvisionedConnection } from '@switchboard/sdk';
import { metaApp } from './meta-app.js';
import { GraphApiError, GraphClient } from './graph-api.js';

/** The page events the app subscribes each connected page to. */
const PAGE_FIELDS = ['messages', 'message_echoes', 'message_deliveries', 'message_reads', 'message_reactions', 'messaging_postbacks'];

/**
 * The Facebook login of spec 2 §7 (POST /facebook): the user's token, made long-lived with the app, lists the
 * pages they manage; each page is subscribed to the app's webhook and becomes a facebook connection, and its
 * linked Instagram business account an instagram connection when asked. Page tokens from a long-lived user token
 * do not expire. The webhook is the app's (/webhooks/facebook, /webhooks/instagram), signed with its secret.
 */
export async function connectionsFromLogin(options: {
  userId: string;
  userToken: string;
  addInstagram: boolean;
  log: PluginLogger;
}): Promise<ProvisionedConnection[]> {
  const app = metaApp();
  if (!app.appId || !app.appSecret) {
    throw new ChannelError('ERR_FACEBOOK_NOT_CONFIGURED', 'The server has no Facebook app (FACEBOOK_APP_ID and FACEBOOK_APP_SECRET)', 400);
  }
  let pages;
  try {
    const userToken = await new GraphClient(options.userToken, app.appSecret).longLivedUserToken(app.appId, app.appSecret);
    pages = await new GraphClient(userToken, app.appSecret).pagesOf(options.userId);
  } catch (error) {
    throw loginError(error);
  }
  if (pages.length === 0) throw new ChannelError('ERR_FACEBOOK_NO_PAGES', 'The Facebook user manages no page', 400);

  const connections: ProvisionedConnection[] = [];
  for (const page of pages) {
    try {
      await new GraphClient(page.access_token, app.appSecret).subscribePage(page.id, PAGE_FIELDS);
    } catch (error) {
      throw loginError(error);
    }
    // Kept per connection so that the page's own webhook path (/webhooks/facebook/<token>) works as well.
    const settings = {
      pageId: page.id,
      pageAccessToken: page.access_token,
      appSecret: app.appSecret,
      verifyToken: randomBytes(16).toString('hex'),
    };
    connections.push({ channel: 'facebook', name: page.name, keyField: 'pageId', settings });
    const instagram = page.instagram_business_account;
    if (options.addInstagram && instagram?.id) {
      connections.push({
        channel: 'instagram',
        name: `${instagram.username ?? instagram.name ?? page.name} (Instagram)`,
        keyField: 'instagramAccountId',
        settings: { ...settings, instagramAccountId: instagram.id },
      });
    } else if (options.addInstagram) {
      options.log.info('facebook: the page has no linked Instagram business account', { pageId: page.id });
    }
  }
  return connections;
}

function loginError(error: unknown): ChannelError {
  if (error instanceof GraphApiError) {
    // 190: the user's token is invalid or expired; anything else Graph refused.
    if (error.code === 190 || error.status === 401)
      return new ChannelError('ERR_FACEBOOK_INVALID_TOKEN', 'Facebook refused the login token', 400);
    return new ChannelError('ERR_FACEBOOK_LOGIN', `Facebook refused the request: ${error.message}`, 502);
  }
  return new ChannelError('ERR_FACEBOOK_LOGIN', 'Facebook could not be reached', 502);
}
