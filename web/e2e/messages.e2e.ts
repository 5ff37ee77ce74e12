import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, NARROW, pageToken, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

/** A website visitor writing through the webchat widget's HTTP API (plugins/channel-webchat/README.md). */
class Visitor {
  private visitorToken = '';
  constructor(
    private readonly server: E2eServer,
    private readonly widgetToken: string,
  ) {}

  private async call(method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.server.url}/widget/${this.widgetToken}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.visitorToken ? { authorization: `Bearer ${this.visitorToken}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  async start(name: string): Promise<void> {
    this.visitorToken = (await this.call('POST', '/sessions', { name, email: 'maria@example.test' })).visitorToken;
  }

  write(body: string): Promise<unknown> {
    return this.call('POST', '/messages', { body });
  }

  async received(): Promise<string[]> {
    const { messages } = await this.call('GET', '/messages');
    return (messages as { body: string; fromMe: boolean }[]).filter((message) => message.fromMe).map((message) => message.body);
  }
}

/** One second of Opus in Ogg, as a WhatsApp voice note arrives. */
function voiceNote(): Buffer {
  const args = '-loglevel error -f lavfi -i sine=frequency=440:duration=1 -c:a libopus -f ogg -'.split(' ');
  const made = spawnSync(ffmpeg.path, args);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  return made.stdout;
}

describe('the messages of a ticket', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let visitor: Visitor;
  let widgetToken: string;
  let ticket: { id: number; uuid: string };
  // Signing in ends the user's older sessions, so API calls after it use the browser's token.
  let token: string;

  const conversation = () => page.getByRole('log', { name: 'Mensagens do ticket' });
  const composer = () => page.getByRole('textbox', { name: 'Mensagem', exact: true });
  const bubble = (text: string) => conversation().getByRole('article').filter({ hasText: text });
  const storedBodies = async () =>
    ((await server.api('GET', `/messages/${ticket.id}`, undefined, token)).messages as { body: string }[]).map((message) => message.body);
  const visitorGot = (text: string) =>
    eventually(async () => {
      const bodies = await visitor.received();
      return bodies.some((body) => body.includes(text)) ? bodies : undefined;
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    const connection = await connectedWebchat(server);
    widgetToken = connection.token;
    visitor = new Visitor(server, widgetToken);
    await visitor.start('Maria Visitante');
    await visitor.write('Olá, preciso de ajuda');
    ticket = await eventually(async () => {
      const { tickets } = await server.api('GET', '/tickets?status=pending');
      return tickets.find((candidate: { whatsappId: number }) => candidate.whatsappId === connection.id);
    });
    const me = await server.api('GET', '/auth/me');
    await server.api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });

    page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    token = JSON.parse((await page.evaluate(() => localStorage.getItem('token')))!);
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the visitor's message", async () => {
    await bubble('Olá, preciso de ajuda').waitFor();
    expect(await bubble('Olá, preciso de ajuda').getAttribute('aria-label')).toBe('Mensagem recebida');
    await screenshot(page, 'messages-wide');
  });

  it('sends on Enter and the visitor receives the reply', async () => {
    await composer().fill('Oi Maria, como posso ajudar?');
    await composer().press('Enter');
    await bubble('Oi Maria, como posso ajudar?').waitFor();
    expect(await composer().inputValue()).toBe('');
    await visitorGot('Oi Maria, como posso ajudar?');
  });

  it('keeps Shift+Enter as a new line and does not send blank text', async () => {
    const before = (await storedBodies()).length;
    await composer().fill('   ');
    await composer().press('Enter');
    await composer().press('Shift+Enter');
    expect(await composer().inputValue()).toBe('   \n');
    // A message sent after them is stored alone: a blank send would have reached the server before it.
    await composer().fill('Depois do branco');
    await composer().press('Enter');
    await eventually(async () => ((await storedBodies()).length > before ? true : undefined));
    const after = (await storedBodies()).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/Depois do branco$/);
  });

  it('keeps a private note apart and away from the visitor', async () => {
    const toggle = page.getByRole('button', { name: 'Comentário privado' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await composer().fill('Cliente VIP, tratar com prioridade');
    await composer().press('Enter');
    const note = conversation().getByRole('article', { name: 'Comentário privado' }).filter({ hasText: 'Cliente VIP' });
    await note.waitFor();
    expect(await note.getAttribute('data-private')).toBe('true');
    // Private mode ends with the note it sent.
    await page.getByRole('button', { name: 'Comentário privado', pressed: false }).waitFor();
    // A public message sent after the note reaching the visitor shows the note was not sent.
    await composer().fill('Um momento, por favor');
    await composer().press('Enter');
    const received = await visitorGot('Um momento, por favor');
    expect(received.some((body) => body.includes('Cliente VIP'))).toBe(false);
  });

  it("shows a visitor's new message live", async () => {
    await visitor.write('Chegou agora pelo site');
    await bubble('Chegou agora pelo site').waitFor();
  });

  it('edits an own message', async () => {
    const original = bubble('Um momento, por favor');
    await original.hover();
    await original.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    expect(await composer().inputValue()).toBe('Um momento, por favor');
    await composer().fill('Um instante, por favor');
    await composer().press('Enter');
    const edited = bubble('Um instante, por favor');
    await edited.waitFor();
    await edited.getByText(/^Editada \d{2}:\d{2}$/).waitFor();
    expect((await storedBodies()).some((body) => body.endsWith('Um instante, por favor'))).toBe(true);
  });

  it('deletes an own message after confirmation', async () => {
    const mine = bubble('Um instante, por favor');
    await mine.hover();
    await mine.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Apagar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apagar mensagem?' });
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await conversation().getByText('🚫 Você apagou esta mensagem').waitFor();
    await bubble('Um instante, por favor').waitFor({ state: 'detached' });
  });

  it("inserts a quick reply's text when '/' is typed, the replies grouped by category", async () => {
    const category = await server.api('POST', '/quick-messages', { shortcode: 'Boas-vindas', isCategory: true, geral: true }, token);
    await server.api(
      'POST',
      '/quick-messages',
      { shortcode: 'saudacao', message: 'Olá! Em que posso ajudar hoje?', geral: true, categoryId: category.id },
      token,
    );
    await server.api('POST', '/quick-messages', { shortcode: 'saudade', message: 'Sentimos sua falta!', geral: true }, token);
    await composer().fill('/sauda');
    const list = page.getByRole('listbox', { name: 'Respostas rápidas' });
    await list.getByRole('option', { name: /^saudade/ }).waitFor();
    await expect(list.innerText()).resolves.toMatch(/^Boas-vindas\s+saudacao - Olá![^\n]*\s+Sem categoria\s+saudade - Sentimos/);
    await screenshot(page, 'messages-quick-replies');
    const option = page.getByRole('option', { name: /^saudacao - Olá! Em que posso/ });
    await option.click();
    expect(await composer().inputValue()).toBe('Olá! Em que posso ajudar hoje?');
    await composer().press('Enter');
    await bubble('Olá! Em que posso ajudar hoje?').waitFor();
  });

  it('replies quoting a message and reacts to it', async () => {
    const received = conversation().getByRole('article', { name: 'Mensagem recebida' }).filter({ hasText: 'Chegou agora pelo site' });
    await received.hover();
    await received.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Responder' }).click();
    await page.getByText('Respondendo a').waitFor();
    await composer().fill('Recebi sua mensagem');
    await composer().press('Enter');
    const reply = bubble('Recebi sua mensagem');
    await reply.getByRole('button', { name: 'Ir para a mensagem citada' }).filter({ hasText: 'Chegou agora pelo site' }).waitFor();
    await page.getByText('Respondendo a').waitFor({ state: 'detached' });

    // The webchat channel takes no reactions; a private note keeps them in the helpdesk.
    const note = bubble('Cliente VIP');
    await note.hover();
    await note.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Reagir' }).click();
    await page.getByRole('group', { name: 'Reagir' }).getByRole('button', { name: '👍' }).click();
    await conversation().getByLabel('Reações').getByText('👍').waitFor();
  });

  it('sends an image with a preview and opens it in the gallery', async () => {
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('dialog', { name: 'Enviar arquivos (1)' });
    await preview.getByRole('img', { name: 'foto.png' }).waitFor();
    await preview.getByLabel('Legenda').fill('Segue a foto');
    await preview.getByRole('button', { name: 'Enviar' }).click();
    const sent = bubble('Segue a foto');
    await sent.getByRole('button', { name: 'Abrir imagem' }).click();
    const gallery = page.getByRole('dialog', { name: 'Galeria de imagens' });
    await gallery.getByRole('img', { name: 'Imagem' }).waitFor();
    await gallery.getByText('Segue a foto').waitFor();
    await gallery.getByRole('button', { name: 'Aumentar zoom' }).click();
    await gallery.getByRole('button', { name: 'Girar' }).click();
    expect(await gallery.getByRole('img', { name: 'Imagem' }).evaluate((image) => image.style.transform)).toBe('scale(1.2) rotate(90deg)');
    await gallery.getByRole('button', { name: 'Diminuir zoom' }).click();
    expect(await gallery.getByRole('button', { name: 'Diminuir zoom' }).isDisabled()).toBe(true);
    await gallery.getByRole('button', { name: 'Fechar' }).click();
    await gallery.waitFor({ state: 'detached' });
  });

  it('sends a voice note that desktop browsers play as it was recorded', async () => {
    const desktopAudio: string[] = [];
    page.on('request', (request) => /\/media\/.*voz/.test(request.url()) && desktopAudio.push(new URL(request.url()).pathname));
    await page.locator('input[type=file]').setInputFiles({ name: 'voz.ogg', mimeType: 'audio/ogg', buffer: voiceNote() });
    await page.getByRole('dialog', { name: 'Enviar arquivos (1)' }).getByRole('button', { name: 'Enviar' }).click();
    await conversation().locator('audio').last().waitFor();
    await eventually(async () => (desktopAudio.length > 0 ? true : undefined));
    expect(desktopAudio.every((address) => address.endsWith('voz.ogg'))).toBe(true);
  });

  it('asks for a selection before forwarding', async () => {
    const message = bubble('Recebi sua mensagem');
    await message.hover();
    await message.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Encaminhar' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Encaminhar mensagens' });
    await toolbar.getByText('Mensagens selecionadas: 1').waitFor();
    await page.getByRole('checkbox', { name: 'Selecionar mensagem', checked: true }).uncheck();
    await toolbar.getByRole('button', { name: 'Encaminhar' }).click();
    await page.getByText('Nenhuma mensagem selecionada').waitFor();
    await toolbar.getByRole('button', { name: 'Cancelar' }).click();
    await toolbar.waitFor({ state: 'detached' });
    await screenshot(page, 'messages-1280');
  });

  it('sends a contact card', async () => {
    await page.getByRole('button', { name: 'Enviar contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar contato' });
    await dialog.getByRole('combobox', { name: 'Contato' }).fill('Maria');
    await page.getByRole('option', { name: /^Maria Visitante/ }).click();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = conversation().getByRole('article', { name: 'Mensagem enviada' }).filter({ hasText: 'Maria Visitante' }).last();
    await card.getByRole('button', { name: 'Conversar' }).waitFor();
  });

  it('loads older messages when scrolled to the top', async () => {
    for (let index = 1; index <= 25; index++)
      await server.api('POST', `/messages/${ticket.id}`, { body: `Mensagem em lote ${index}` }, token);
    await page.reload();
    await bubble('Mensagem em lote 25').waitFor();
    // Page 1 holds the newest 20: the first message of the conversation is not loaded yet.
    expect(await conversation().getByText('Olá, preciso de ajuda').count()).toBe(0);
    await conversation().evaluate((element) => (element.scrollTop = 0));
    await bubble('Olá, preciso de ajuda').waitFor();
  });

  it('keeps the composer off while the ticket is pending', async () => {
    const other = new Visitor(server, widgetToken);
    await other.start('João Pendente');
    await other.write('Alguém aí?');
    const pending = await eventually(async () => {
      const { tickets } = await server.api('GET', '/tickets?status=pending', undefined, token);
      return tickets.find((candidate: { contact: { name: string } }) => candidate.contact.name === 'João Pendente');
    });
    await page.goto(`${server.url}/tickets/${pending.uuid}`);
    await bubble('Alguém aí?').waitFor();
    expect(await composer().isDisabled()).toBe(true);
    expect(await composer().getAttribute('placeholder')).toBe('Aceite ou reabra o ticket para enviar mensagens');
  });

  it('reads in the dark theme', async () => {
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.reload();
    await bubble('Mensagem em lote 25').waitFor();
    await screenshot(page, 'messages-1280-dark');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  });

  it('fits a narrow screen', async () => {
    const narrow = await (await newContext(browser, NARROW)).newPage();
    await signIn(narrow, server.url, ADMIN.email, ADMIN.password);
    await narrow.goto(`${server.url}/tickets/${ticket.uuid}`);
    await narrow.getByRole('log', { name: 'Mensagens do ticket' }).getByText('Mensagem em lote 25').waitFor();
    await narrow.getByRole('textbox', { name: 'Mensagem', exact: true }).waitFor();
    await screenshot(narrow, 'messages-narrow');
    await narrow.context().close();
  });

  // Last: signing in on the iPhone ends the desktop session.
  it('fetches that voice note as mp3 on an iPhone', async () => {
    const iPhone = await browser.newContext({
      viewport: NARROW,
      locale: 'pt-BR',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const phone = await iPhone.newPage();
    const phoneAudio: string[] = [];
    phone.on(
      'response',
      (response) => /\/media\/.*voz/.test(response.url()) && phoneAudio.push(`${response.status()} ${new URL(response.url()).pathname}`),
    );
    await signIn(phone, server.url, ADMIN.email, ADMIN.password);
    await phone.goto(`${server.url}/tickets/${ticket.uuid}`);
    await phone.getByRole('log', { name: 'Mensagens do ticket' }).getByText('Mensagem em lote 25').waitFor();
    // The desktop's note is pages back by now: a new one arrives live.
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(voiceNote())], { type: 'audio/ogg' }), 'voz-nova.ogg');
    const sent = await fetch(`${server.url}/messages/${ticket.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await pageToken(phone)}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    const player = phone.getByRole('log', { name: 'Mensagens do ticket' }).locator('audio').last();
    await player.waitFor();
    // The copy is a real mp3: the player reads its length.
    const seconds = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (audio.readyState >= 1) resolve(audio.duration);
          else audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        }),
    );
    expect(seconds).toBeGreaterThan(0.5);
    expect(phoneAudio).toEqual([expect.stringMatching(/^200 \/media\/.*voz-nova\.mp3$/)]);
    await iPhone.close();
  });
});
