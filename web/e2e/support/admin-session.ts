import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, signIn, WIDE } from './browser.js';
import { ADMIN, startE2eServer, type E2eServer } from './server.js';

/** An API call as the user signed in on a page. */
export type ApiAs = <T = any>(method: string, route: string, body?: unknown) => Promise<T>;

/**
 * A server, a browser and the super admin signed in on a wide page. `api` calls as the admin with the page's
 * token: the sign-in ended the admin's other sessions, the server helper's own included.
 */
export async function startAdminSession(
  extraEnv: Record<string, string> = {},
): Promise<{ server: E2eServer; browser: Browser; page: Page; api: ApiAs }> {
  const [server, browser] = await Promise.all([startE2eServer(extraEnv), launchBrowser()]);
  const page = await (await newContext(browser, WIDE)).newPage();
  await signIn(page, server.url, ADMIN.email, ADMIN.password);
  const token = await pageToken(page);
  const api: ApiAs = (method, route, body) => server.api(method, route, body, token);
  return { server, browser, page, api };
}
