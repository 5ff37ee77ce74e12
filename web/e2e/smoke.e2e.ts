import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';

// A new installation: the product started on an empty data directory, as `npm start` on a fresh clone.
describe('the built web app', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer({}, { fresh: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor without a session to /login', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/tickets`);
    await page.waitForURL(/\/login$/);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
