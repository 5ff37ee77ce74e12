import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { eventually } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Screenshots land here; .ci/run keeps them as the run's artifacts. */
export const artifactsDir = path.resolve(here, '../artifacts');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 390, height: 844 };

/** A fresh browser profile (its own local storage and cookies) at the given window size, in pt-BR. */
export async function newContext(browser: Browser, viewport = WIDE): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'pt-BR', colorScheme: 'light' });
}

/**
 * A second window at another size on the session `page` is signed in with (a new sign-in would end that session):
 * its local storage starts with the same token and user.
 */
export async function sameSessionAt(page: Page, browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
  const context = await newContext(browser, viewport);
  await context.addInitScript((session) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', session.token!);
      localStorage.setItem('user', session.user!);
    }
  }, stored);
  return context.newPage();
}

/** Waits until the element's surface has finished fading in (MUI transitions), for a screenshot that shows it whole. */
export async function shown(locator: Locator): Promise<void> {
  await eventually(
    async () =>
      (await locator.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
        return true;
      })) || undefined,
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: false });
}

/** Signs in through the login page and waits for the tickets screen and its menu. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  // Anchored: the password field's show/hide toggle is labelled 'Mostrar senha'.
  await page.getByLabel(/^e-?mail$/i).fill(email);
  await page.getByLabel(/^(senha|password)$/i).fill(password);
  await page.getByRole('button', { name: /^(entrar|sign in)$/i }).click();
  await page.waitForURL(/\/tickets/);
  await menuShown(page);
}

/**
 * Waits for the menu's entries, which come all at once when the company's plan and the installed plugins are known
 * (attached and hidden ones too: on a narrow screen the menu is a closed overlay). That an entry is missing means
 * something only after.
 */
export async function menuShown(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: /menu principal|main menu/i, includeHidden: true })
    .getByRole('link', { includeHidden: true })
    .first()
    .waitFor({ state: 'attached' });
}

/** The access token of the user signed in on the page: a sign-in ends that user's other sessions, so API calls as them use it. */
export async function pageToken(page: Page): Promise<string> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? 'null') as string;
}
