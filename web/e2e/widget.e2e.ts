import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { NARROW, newContext, pageToken, screenshot, WIDE } from './support/browser.js';
import { eventually, type E2eServer } from './support/server.js';

/**
 * The website widget as visitors meet it (issue 13): the welcome before starting, a name required, WhatsApp
 * formatting rendered (the queue menu `*[ 1 ]* - Vendas` in bold, never as markup), messages in the order the server
 * gave them, the newest kept in view (also after an image loads), labels in the browser's language, and the one-line
 * embed snippet of the connection dialog putting a chat bubble on a plain page of another origin.
 */
describe('the website chat widget', () => {
  let server: E2eServer;
  let browser: Browser;
  let admin: Page;
  let api: ApiAs;
  let publicId: string;
  let site: Server;
  let siteUrl: string;
  const contexts: BrowserContext[] = [];
  const TITLE = 'Loja Exemplo';
  const COLOR = '#0f766e';
  const COLOR_RGB = 'rgb(15, 118, 110)';
  const WELCOME = '*Bem-vindo!* Respondemos em _minutos_.';
  const GREETING = 'Escolha um departamento:';

  async function visitorPage(locale = 'pt-BR', viewport = WIDE): Promise<Page> {
    const context = locale === 'pt-BR' ? await newContext(browser, viewport) : await browser.newContext({ viewport, locale });
    contexts.push(context);
    return context.newPage();
  }

  /** The pending ticket of a visitor, once core has it. */
  async function ticketOf(name: string): Promise<number> {
    const ticket = await eventually(async () => {
      const { tickets } = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
        'GET',
        '/tickets?status=pending&showAll=true',
      );
      return tickets.find((candidate) => candidate.contact.name === name);
    });
    return ticket.id;
  }

  async function start(visitor: Page | FrameLocator, name: string): Promise<void> {
    await visitor.locator('#wc-name').fill(name);
    await visitor.locator('#wc-start').click();
    await visitor.locator('#wc-input').waitFor();
  }

  async function write(visitor: Page | FrameLocator, text: string): Promise<void> {
    await visitor.locator('#wc-input').fill(text);
    await visitor.locator('#wc-send').click();
    await visitor.locator('#wc-messages li.wc-visitor', { hasText: text }).waitFor();
  }

  beforeAll(async () => {
    ({ server, browser, page: admin, api } = await startAdminSession());
    const vendas = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#1565c0', greetingMessage: 'Setor de vendas.' });
    const suporte = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#2e7d32', greetingMessage: 'Suporte.' });
    const created = await api<{ id: number; publicId: string }>('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    publicId = created.publicId;
    await api('PUT', `/whatsapp/${created.id}`, {
      name: 'Site',
      greetingMessage: GREETING,
      queueIds: [vendas.id, suporte.id],
      settings: { title: TITLE, welcomeText: WELCOME, primaryColor: COLOR },
    });
    await api('PUT', `/queue/${vendas.id}`, { orderQueue: 1 });
    await api('PUT', `/queue/${suporte.id}`, { orderQueue: 2 });
    await eventually(async () =>
      (await api<{ id: number; status: string }[]>('GET', '/whatsapp')).find((entry) => entry.id === created.id)?.status === 'CONNECTED'
        ? true
        : undefined,
    );
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  });

  it('shows the welcome before starting, refuses an empty name, and renders formatting in the order the server gave', async () => {
    const visitor = await visitorPage();
    await visitor.goto(`${server.url}/widget/${publicId}`);
    expect(await visitor.locator('#wc-title').textContent()).toBe(TITLE);
    expect(await visitor.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(COLOR_RGB);
    // The welcome, formatted, before the conversation starts.
    const welcome = visitor.locator('#wc-start-form .wc-welcome');
    expect(await welcome.locator('strong').textContent()).toBe('Bem-vindo!');
    expect(await welcome.locator('em').textContent()).toBe('minutos');
    expect(await welcome.textContent()).not.toContain('*');

    await visitor.locator('#wc-start').click();
    expect(await visitor.locator('#wc-name-error').textContent()).toBe('Informe seu nome.');
    await visitor.locator('#wc-name').fill('   ');
    await visitor.locator('#wc-start').click();
    expect(await visitor.locator('#wc-name-error').textContent()).toBe('Informe seu nome.');
    expect(await visitor.locator('#wc-chat').isHidden()).toBe(true);
    await screenshot(visitor, 'widget-start-1280');

    await start(visitor, 'Paula Visitante');
    await write(visitor, 'Oi, quero comprar');
    // The bot's menu: bold numbers, no asterisks, after the message that caused it.
    const menu = visitor.locator('#wc-messages li.wc-agent', { hasText: GREETING });
    await menu.waitFor({ timeout: 15_000 });
    expect(await menu.locator('strong').allTextContents()).toEqual(expect.arrayContaining(['[ 1 ]', '[ 2 ]']));
    expect(await menu.textContent()).not.toContain('*[');
    const order = await visitor
      .locator('#wc-messages li.wc-message')
      .evaluateAll((items) => items.map((item) => ({ seq: Number((item as HTMLElement).dataset.seq), text: item.textContent ?? '' })));
    expect(order.findIndex((item) => item.text.includes('Oi, quero comprar'))).toBeLessThan(
      order.findIndex((item) => item.text.includes(GREETING)),
    );
    expect(order.map((item) => item.seq)).toEqual([...order.map((item) => item.seq)].sort((a, b) => a - b));

    // An agent's reply with every kind of formatting; markup in it stays text.
    const ticketId = await ticketOf('Paula Visitante');
    const reply = 'Olá _Paula_, veja ~antigo~ *novo*: ```cupom10``` em https://example.com/promo.\nSegunda linha <b>sem html</b>';
    await api('POST', `/messages/${ticketId}`, { body: reply });
    const answer = visitor.locator('#wc-messages li.wc-agent', { hasText: 'Segunda linha' });
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.locator('em').allTextContents()).toContain('Paula');
    expect(await answer.locator('s').textContent()).toBe('antigo');
    expect(await answer.locator('strong').allTextContents()).toContain('novo');
    expect(await answer.locator('code').textContent()).toBe('cupom10');
    const link = answer.locator('a[href="https://example.com/promo"]');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await answer.locator('br').count()).toBeGreaterThan(0);
    expect(await answer.locator('b').count()).toBe(0);
    expect(await answer.textContent()).toContain('<b>sem html</b>');
    await screenshot(visitor, 'widget-conversation-1280');
    await visitor.setViewportSize(NARROW);
    await screenshot(visitor, 'widget-conversation-390');

    // Messages and a tall image from the agent: the list stays at the newest one, after the image has loaded too.
    for (let i = 1; i <= 6; i += 1) await api('POST', `/messages/${ticketId}`, { body: `Linha ${i} de uma lista de produtos` });
    await visitor.locator('#wc-messages li.wc-agent', { hasText: 'Linha 6' }).waitFor({ timeout: 15_000 });
    const picture = await admin.screenshot({ clip: { x: 0, y: 0, width: 320, height: 640 } });
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'catalogo.png');
    const sent = await fetch(`${server.url}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await pageToken(admin)}` },
      body: form,
    });
    expect(sent.status).toBeLessThan(300);
    const image = visitor.locator('#wc-messages li.wc-agent img[alt="catalogo.png"]');
    await image.waitFor({ timeout: 15_000 });
    await eventually(async () =>
      (await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalHeight > 0)) ? true : undefined,
    );
    await eventually(async () => {
      const gap = await visitor.locator('#wc-messages').evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
      return gap <= 2 ? true : undefined;
    });
    await screenshot(visitor, 'widget-image-390');

    // Offline for a while: what the agent sent meanwhile is read when the socket is back.
    await visitor.context().setOffline(true);
    await visitor.locator('#wc-status', { hasText: 'Reconectando…' }).waitFor();
    await api('POST', `/messages/${ticketId}`, { body: 'Enviada enquanto você estava sem conexão' });
    await visitor.context().setOffline(false);
    await visitor.locator('#wc-messages li.wc-agent', { hasText: 'Enviada enquanto você estava sem conexão' }).waitFor({ timeout: 20_000 });
    await visitor.locator('#wc-status', { hasText: 'Online' }).waitFor();
  });

  it('speaks the language of an English browser', async () => {
    const visitor = await visitorPage('en-US', NARROW);
    await visitor.goto(`${server.url}/widget/${publicId}`);
    expect(await visitor.locator('html').getAttribute('lang')).toBe('en');
    await visitor.getByLabel('Name *').waitFor();
    await visitor.getByLabel('E-mail (optional)').waitFor();
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    expect(await visitor.locator('#wc-name-error').textContent()).toBe('Please enter your name.');
    await visitor.getByLabel('E-mail (optional)').fill('not-an-email');
    await visitor.getByLabel('Name *').fill('John Visitor');
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    expect(await visitor.locator('#wc-email-error').textContent()).toBe('Please enter a valid e-mail.');
    await screenshot(visitor, 'widget-english-390');
    await visitor.getByLabel('E-mail (optional)').fill('john@example.com');
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    expect(await visitor.locator('#wc-input').getAttribute('placeholder')).toBe('Type your message');
    await visitor.getByRole('button', { name: 'Send' }).waitFor();
    expect(await visitor.locator('#wc-status').textContent()).toMatch(/^(Online|Reconnecting…)?$/);
  });

  it('puts a chat bubble on another site with the one-line snippet of the connection dialog, and opens the chat there', async () => {
    await admin.goto(`${server.url}/connections`);
    await admin.getByRole('button', { name: 'Editar conexão: Site' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar conexão' });
    const snippet = await dialog.getByRole('textbox', { name: 'Código para incorporar o chat no seu site' }).inputValue();
    expect(snippet).toBe(`<script src="${server.url}/widget/${publicId}/embed.js" async></script>`);
    expect(await dialog.getByRole('textbox', { name: 'Endereço da página do chat' }).inputValue()).toBe(`${server.url}/widget/${publicId}`);
    await dialog.getByRole('button', { name: 'Copiar código' }).waitFor();
    await screenshot(admin, 'widget-dialog-1280');

    // A plain page on another origin, with a CSP that allows the product's scripts and frames but no inline code.
    site = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src ${server.url}; frame-src ${server.url}; style-src 'self'`,
      });
      res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title></head>
<body><h1>Loja Exemplo</h1><p>Os melhores produtos.</p>
${snippet}
</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

    const page = await visitorPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(siteUrl);
    const bubble = page.getByRole('button', { name: `Abrir o chat: ${TITLE}` });
    await bubble.waitFor();
    expect(await bubble.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(COLOR_RGB);
    await screenshot(page, 'widget-embed-closed-1280');

    await bubble.click();
    const chat = page.frameLocator(`iframe[title="${TITLE}"]`);
    await chat.locator('#wc-start-form .wc-welcome strong').waitFor();
    await start(chat, 'Rita do Site');
    await write(chat, 'Vim pelo site da loja');
    await chat.locator('#wc-messages li.wc-agent', { hasText: GREETING }).waitFor({ timeout: 15_000 });
    expect(await ticketOf('Rita do Site')).toBeGreaterThan(0);
    await screenshot(page, 'widget-embed-1280');

    // The chat's own close button and the bubble close and open it again, with the conversation kept.
    await chat.locator('#wc-close').click();
    await page.locator(`iframe[title="${TITLE}"]`).waitFor({ state: 'hidden' });
    await bubble.click();
    await chat.locator('#wc-messages li.wc-visitor', { hasText: 'Vim pelo site da loja' }).waitFor();

    // On a phone the chat fills the screen.
    await page.setViewportSize(NARROW);
    const frame = page.locator(`iframe[title="${TITLE}"]`);
    await eventually(async () => ((await frame.boundingBox())?.width === NARROW.width ? true : undefined));
    expect(await frame.boundingBox()).toMatchObject({ x: 0, y: 0, width: NARROW.width, height: NARROW.height });
    await screenshot(page, 'widget-embed-390');
    expect(errors).toEqual([]);
  });
});
