import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, NARROW, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, startE2eServer, type E2eServer } from './support/server.js';

const AGENT = { name: 'Agente Shell', email: 'agent.shell@switchboard.test', password: 'Agent-e2e-123' };

/** A tiny valid PNG (16×16, one colour) for the profile picture upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQqzhBEmIY1TCqYfhqAABoaV4Qi1HI+QAAAABJRU5ErkJggg==',
  'base64',
);

describe('the application shell', () => {
  let server: E2eServer;
  let browser: Browser;
  let plan: Record<string, unknown>;
  let widgetToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    // Set up with the admin's API token before any browser sign-in: a new sign-in ends the older sessions.
    // The agent also sees pending tickets (allTicket 'enable'), so its bell lists a new visitor's conversation.
    await server.api('POST', '/users', { ...AGENT, profile: 'user', allTicket: 'enable' });
    widgetToken = (await server.api('POST', '/whatsapp', { name: 'Site', channel: 'webchat' })).publicId;
    plan = (await server.api('GET', '/companies/listPlan/1')).plan;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signs in through the login page, as a user does; answers the page once the shell is up. */
  async function openAs(context: BrowserContext, email: string, password: string): Promise<Page> {
    const page = await context.newPage();
    await signIn(page, server.url, email, password);
    await page.getByRole('button', { name: /minha conta|my account/i }).waitFor();
    return page;
  }

  const tokenOf = async (page: Page): Promise<string> => JSON.parse((await page.evaluate(() => localStorage.getItem('token')))!);
  const nav = (page: Page) => page.getByRole('navigation', { name: /menu principal|main menu/i });

  it('shows the Portuguese menu, the greeting, the admin profile modal and the profile picture flow at 1280 px', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, ADMIN.email, ADMIN.password);
    for (const label of ['Atendimentos', 'Respostas rápidas', 'Contatos', 'Tags'])
      await expect(nav(page).getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    await expect(nav(page).getByRole('link', { name: 'Agendamentos' }).count()).resolves.toBe(plan.useSchedules ? 1 : 0);
    // Admins see the administration pages; pages that do not exist yet stay out of the menu.
    // The campaigns group has its own 'Configurações' (its sending intervals): each entry is found by its address.
    for (const [label, path] of [
      ['Usuários', '/users'],
      ['Filas & Chatbot', '/queues'],
      ['Conexões', '/connections'],
      ['Configurações', '/settings'],
      ['Ajuda', '/helps'],
    ]) {
      const link = nav(page)
        .getByRole('link', { name: label, exact: true })
        .and(page.locator(`a[href="${path}"]`));
      // The administration entries appear once the session's profile and plan are read.
      await link.first().waitFor();
      await expect(link.count()).resolves.toBe(1);
    }
    await expect(nav(page).getByRole('link', { name: 'Kanban' }).count()).resolves.toBe(plan.useKanban ? 1 : 0);
    await expect(nav(page).locator('a[href="/chats"]').count()).resolves.toBe(plan.useInternalChat ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Sair' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Olá .+, seja bem-vindo\(a\) a .+!/).isVisible()).resolves.toBe(true);
    // Admins see the company's due date (company 1 never expires).
    await expect(page.getByText('Ativo até 31/12/2999').isVisible()).resolves.toBe(true);

    // Pinned, the drawer shows its texts; unpinned, only icons, until the mouse is over it.
    if (await page.getByRole('button', { name: 'Fixar menu' }).isVisible()) await page.getByRole('button', { name: 'Fixar menu' }).click();
    await nav(page).getByText('Atendimentos').waitFor();
    await page.getByRole('button', { name: 'Desafixar menu' }).click();
    await page.mouse.move(900, 400);
    await nav(page).getByText('Atendimentos').waitFor({ state: 'detached' });
    await nav(page).hover();
    await nav(page).getByText('Atendimentos').waitFor();
    await page.getByRole('button', { name: 'Fixar menu' }).click();
    await page.mouse.move(900, 400);
    await nav(page).getByText('Atendimentos').waitFor();

    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meu perfil' });
    await dialog.getByLabel('Nome').waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Perfil' }).isVisible()).resolves.toBe(true);

    // Validation of the user form (spec 1 §5).
    await dialog.getByLabel('Nome').fill('A');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByText('E-mail inválido').waitFor();
    await dialog.getByLabel('Nome').fill('Admin Shell');
    await dialog.getByLabel('Email').fill(ADMIN.email);

    // Profile picture: crop (an area is selected once the image shows), upload, then remove after confirming.
    await dialog.getByLabel('Alterar foto').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const crop = page.getByRole('dialog', { name: 'Recortar imagem' });
    await crop.getByRole('button', { name: 'Recortar e salvar' }).click();
    await page.getByText('Foto de perfil atualizada!').waitFor();
    await dialog.getByRole('button', { name: 'Remover foto' }).click();
    await page.getByRole('dialog', { name: 'Remover a foto de perfil?' }).getByRole('button', { name: 'Remover foto' }).click();
    await page.getByText('Imagem removida com sucesso!').waitFor();

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário salvo com sucesso!').waitFor();
    await page.getByText(/Olá Admin Shell, seja bem-vindo/).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('switches the language to English, keeps it after a reload and saves it on the user', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, ADMIN.email, ADMIN.password);
    const pin = page.getByRole('button', { name: 'Fixar menu' });
    if (await pin.isVisible()) await pin.click();
    await page.mouse.move(900, 400);
    await nav(page).getByText('Atendimentos').waitFor();
    await screenshot(page, 'shell-1280');
    await page.getByRole('button', { name: 'Idioma' }).click();
    // The choice is saved on the user (PUT /users/:id): the reload below must not cut that request short.
    const saved = page.waitForResponse((response) => /\/users\/\d+$/.test(response.url()) && response.request().method() === 'PUT');
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect((await saved).ok()).toBe(true);
    await nav(page).getByRole('link', { name: 'Quick replies' }).waitFor();
    await expect(nav(page).getByRole('link', { name: 'Tickets' }).isVisible()).resolves.toBe(true);
    await expect(nav(page).getByRole('link', { name: 'Respostas rápidas' }).count()).resolves.toBe(0);

    await page.reload();
    await nav(page).getByRole('link', { name: 'Quick replies' }).waitFor();
    const me = await server.api('GET', '/auth/me', undefined, await tokenOf(page));
    expect(me.language).toBe('en');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await nav(page).getByRole('link', { name: 'Respostas rápidas' }).waitFor();
    await context.close();
  });

  it('keeps every entry where it was when the menu opens under the pointer, so the click lands on it', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, ADMIN.email, ADMIN.password);
    await page.mouse.move(900, 400);
    const entry = nav(page).getByRole('link', { name: 'Empresas' });
    await entry.scrollIntoViewIfNeeded();
    await nav(page).getByText('Empresas').waitFor({ state: 'hidden' });
    const collapsed = (await entry.boundingBox())!;
    const pointer = { x: collapsed.x + collapsed.width / 2, y: collapsed.y + collapsed.height / 2 };
    await page.mouse.move(pointer.x, pointer.y);
    await nav(page).getByText('Empresas').waitFor();
    const opened = (await entry.boundingBox())!;
    expect(Math.abs(opened.y - collapsed.y)).toBeLessThanOrEqual(1);
    await page.mouse.click(pointer.x, pointer.y);
    await page.waitForURL(/\/companies$/);
    await context.close();
  });

  it('applies the dark theme and keeps it after a reload', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, ADMIN.email, ADMIN.password);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).not.toBe('rgb(18, 18, 18)');
    await page.getByRole('button', { name: 'Ativar tema escuro' }).click();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)');
    await page.reload();
    await page.getByRole('button', { name: 'Ativar tema claro' }).waitFor();
    expect(await background()).toBe('rgb(18, 18, 18)');
    await screenshot(page, 'shell-1280-dark');
    // Logout switches back to light.
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/login$/);
    expect(await background()).not.toBe('rgb(18, 18, 18)');
    await context.close();
  });

  it('makes the drawer an overlay opened by the menu button at 390 px', async () => {
    const context = await newContext(browser, NARROW);
    const page = await openAs(context, ADMIN.email, ADMIN.password);
    await expect(nav(page).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    // By its address: 'Listas de contatos' also names contacts.
    const contacts = nav(page).locator('a[href="/contacts"]');
    await contacts.waitFor();
    await page.waitForFunction(() => document.querySelector('.MuiDrawer-paper')?.getBoundingClientRect().left === 0);
    const box = await page.locator('.MuiDrawer-paper').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(276);
    await screenshot(page, 'shell-390-menu');
    await contacts.click();
    await page.waitForURL(/\/contacts$/);
    await nav(page).waitFor({ state: 'hidden' });
    // Nothing overflows the narrow window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-390');
    await context.close();
  });

  it('shows a non-admin user no admin entries and the reduced profile modal', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, AGENT.email, AGENT.password);
    await nav(page).getByRole('link', { name: 'Atendimentos' }).waitFor();
    for (const label of ['Dashboard', 'Usuários', 'Conexões', 'Filas & Chatbot', 'Empresas'])
      await expect(nav(page).getByRole('link', { name: label }).count()).resolves.toBe(0);
    await expect(nav(page).getByText('Administração').count()).resolves.toBe(0);
    // Only admins see the due date.
    await expect(page.getByText(/Ativo até/).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meu perfil' });
    await dialog.getByLabel('Nome').waitFor();
    for (const label of ['Nome', 'Senha', 'Email', 'WhatsApp'])
      await expect(dialog.getByRole('textbox', { name: label }).isVisible()).resolves.toBe(true);
    for (const label of ['Tema', 'Menu padrão'])
      await expect(dialog.getByRole('combobox', { name: label }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('combobox', { name: 'Perfil' }).count()).resolves.toBe(0);
    await expect(dialog.getByRole('textbox').count()).resolves.toBe(4);
    await expect(dialog.getByRole('combobox').count()).resolves.toBe(2);

    // Saving with the dark theme and the other menu default applies both.
    const wasPinned = await page.getByRole('button', { name: 'Desafixar menu' }).isVisible();
    await dialog.getByRole('combobox', { name: 'Tema' }).click();
    await page.getByRole('option', { name: 'Escuro' }).click();
    await dialog.getByRole('combobox', { name: 'Menu padrão' }).click();
    await page.getByRole('option', { name: wasPinned ? 'Fechado' : 'Aberto' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário salvo com sucesso!').waitFor();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)');
    await page.getByRole('button', { name: wasPinned ? 'Fixar menu' : 'Desafixar menu' }).waitFor();
    const me = await server.api('GET', '/auth/me', undefined, await tokenOf(page));
    expect([me.defaultTheme, me.defaultMenu]).toEqual(['dark', wasPinned ? 'closed' : 'open']);
    await context.close();
  });

  it('rings the bell for a new conversation the agent must attend and opens it from the list', async () => {
    const context = await newContext(browser, WIDE);
    // Counts the oscillators the notification chime starts (Web Audio, no asset).
    await context.addInitScript(() => {
      const original = AudioContext.prototype.createOscillator;
      (window as any).chimes = 0;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        (window as any).chimes += 1;
        return original.call(this);
      };
    });
    const page = await openAs(context, AGENT.email, AGENT.password);
    const bell = page.getByRole('button', { name: /^Notificações: \d+$/ });
    await page.getByRole('button', { name: 'Notificações: 0' }).waitFor();

    const session = await fetch(`${server.url}/widget/${widgetToken}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Visitante' }),
    });
    const { visitorToken } = (await session.json()) as { visitorToken: string };
    const sent = await fetch(`${server.url}/widget/${widgetToken}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
      body: JSON.stringify({ body: 'Olá, preciso de ajuda' }),
    });
    expect(sent.ok).toBe(true);

    await page.getByRole('button', { name: 'Notificações: 1' }).waitFor();
    await page.waitForFunction(() => (window as any).chimes > 0);
    await bell.click();
    const list = page.getByRole('list', { name: 'Notificações' });
    await list.getByText('Ana Visitante').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await context.close();
  });

  it('ends the session when the same user signs in elsewhere', async () => {
    const context = await newContext(browser, WIDE);
    const page = await openAs(context, AGENT.email, AGENT.password);
    await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
    await server.login(AGENT.email, AGENT.password);
    await page.getByText('Sua conta foi acessada em outro computador.').waitFor();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('offers a reload when a new version of the app is installed, and reloads into it', async () => {
    // A copy of the build the test can re-stamp, served by a server of its own.
    const dist = mkdtempSync(path.join(tmpdir(), 'switchboard-shell-dist-'));
    cpSync(process.env.E2E_WEB_DIST ?? path.resolve('dist'), dist, { recursive: true });
    const own = await startE2eServer({ WEB_DIST_DIR: dist });
    const context = await newContext(browser, WIDE);
    try {
      const page = await context.newPage();
      const token = await own.login(ADMIN.email, ADMIN.password);
      const user = await own.api('GET', '/auth/me', undefined, token);
      await page.goto(`${own.url}/login`);
      await page.evaluate(
        ([t, u]) => {
          localStorage.setItem('token', JSON.stringify(t));
          localStorage.setItem('user', JSON.stringify(u));
        },
        [token, user] as const,
      );
      await page.goto(`${own.url}/tickets`);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      const version = () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = (event) => resolve(event.data);
              navigator.serviceWorker.controller!.postMessage({ type: 'VERSION' }, [channel.port2]);
            }),
        );
      const first = await version();
      expect(first).not.toBe('__BUILD_VERSION__');

      const file = path.join(dist, 'service-worker.js');
      writeFileSync(file, readFileSync(file, 'utf8').replace(first, `${first}-next`));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
      const offer = page.getByText('Uma nova versão está disponível. Clique aqui para atualizar.');
      await offer.waitFor();
      await Promise.all([page.waitForEvent('load'), offer.click()]);
      await page.getByRole('button', { name: 'Minha conta' }).waitFor();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      expect(await version()).toBe(`${first}-next`);
    } finally {
      await context.close();
      await own.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
