import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { NARROW, screenshot, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

/**
 * Texts and smaller things (issue 13, items 9 and 10) as a person meets them: the language of the page and of
 * validation words, the favicon, the theme the profile shows, the resolve dialog without a farewell, the private
 * note mode, and the rendered API document.
 */
describe('texts and smaller things', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let me: { id: number; name: string };

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    me = await api<{ id: number; name: string }>('GET', '/auth/me');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What a text under CSS text-transform: uppercase reads as, in the page's language. */
  const rendersUppercase = (text: string) =>
    page.evaluate((value) => {
      const probe = document.createElement('span');
      probe.style.textTransform = 'uppercase';
      probe.textContent = value;
      document.body.appendChild(probe);
      const shown = probe.innerText;
      probe.remove();
      return shown;
    }, text);

  async function chooseLanguage(name: string): Promise<void> {
    await page.getByRole('button', { name: /^(Idioma|Language|Dil)$/ }).click();
    await page.getByRole('menuitem', { name }).click();
  }

  it('names its language on <html> (Turkish capitals get their dotted İ) and has a favicon', async () => {
    await page.goto(`${server.url}/tickets`);
    await page.getByRole('button', { name: 'Idioma' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '');
    expect(icon).toMatch(/\/favicon\.svg$/);
    const served = await fetch(icon);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    // What browsers ask for on their own leads to the same icon.
    expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(200);

    await chooseLanguage('Türkçe');
    await eventually(async () => ((await page.evaluate(() => document.documentElement.lang)) === 'tr' ? true : undefined));
    expect(await rendersUppercase('işlemler')).toBe('İŞLEMLER');
    await screenshot(page, 'texts-turkish-1280');
    await chooseLanguage('Português (Brasil)');
    await eventually(async () => ((await page.evaluate(() => document.documentElement.lang)) === 'pt-BR' ? true : undefined));
    expect(await rendersUppercase('i')).toBe('I');
  });

  it('fits the ticket tabs and the search placeholder in English and Spanish, at 1280 and 390 px', async () => {
    /** Tab labels wider than their tab, and a placeholder wider than its input, by what the browser lays out. */
    const clipped = () =>
      page.evaluate(() => {
        const found: string[] = [];
        for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"]')) {
          if (tab.scrollWidth > tab.clientWidth + 1) found.push(`tab ${tab.innerText}`);
        }
        const input = document.querySelector<HTMLInputElement>('input[type="search"]');
        if (input) {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          if (context.measureText(input.placeholder).width > room) found.push(`placeholder ${input.placeholder}`);
        }
        return found;
      });
    await page.goto(`${server.url}/tickets`);
    for (const [language, resolved] of [
      ['English', 'Resolved'],
      ['Español', 'Resueltos'],
    ] as const) {
      await chooseLanguage(language);
      await page.getByRole('tab', { name: resolved }).waitFor();
      for (const viewport of [WIDE, NARROW]) {
        await page.setViewportSize(viewport);
        await page.getByRole('tab', { name: resolved }).waitFor();
        expect({ language, width: viewport.width, clipped: await clipped() }).toEqual({ language, width: viewport.width, clipped: [] });
        await screenshot(page, `texts-ticket-tabs-${language === 'English' ? 'en' : 'es'}-${viewport.width}`);
      }
      await page.setViewportSize(WIDE);
    }
    await chooseLanguage('Português (Brasil)');
    await page.getByRole('tab', { name: 'Resolvidos' }).waitFor();
  });

  it('says validation words in Portuguese (contact extra information)', async () => {
    await page.goto(`${server.url}/contacts`);
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByLabel('Nome', { exact: true }).fill('A');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').first().waitFor();
    await dialog.getByText('E-mail inválido').waitFor();
    await dialog.getByText('Obrigatório').first().waitFor();
    for (const english of ['Required', 'Too Short!', 'Invalid email']) {
      expect({ english, count: await dialog.getByText(english, { exact: true }).count() }).toEqual({ english, count: 0 });
    }
    await screenshot(page, 'texts-contact-validation-1280');
    await page.setViewportSize(NARROW);
    await dialog.getByText('Obrigatório').first().waitFor();
    await screenshot(page, 'texts-contact-validation-390');
    await page.setViewportSize(WIDE);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('shows in the profile the theme in use, also when it was switched in the top bar', async () => {
    await page.goto(`${server.url}/tickets`);
    await page.getByRole('button', { name: 'Ativar tema escuro' }).click();
    await page.getByRole('button', { name: 'Ativar tema claro' }).waitFor();
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meu perfil' });
    await expect(dialog.getByRole('combobox', { name: 'Tema' }).textContent()).resolves.toBe('Escuro');
    await screenshot(page, 'texts-profile-dark-theme-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Ativar tema claro' }).click();
    await page.getByRole('button', { name: 'Ativar tema escuro' }).waitFor();
  });

  describe('a ticket resolved by the admin', () => {
    let ticket: { id: number; uuid: string };
    const pane = (): Locator => page.getByRole('region', { name: `Ticket #${ticket.id}` });

    beforeAll(async () => {
      // As the page's admin: the server helper's own sign-in would end the page's session.
      const connection = await api<{ id: number; publicId: string }>('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
      await eventually(async () => {
        const list = await api<{ id: number; status: string }[]>('GET', '/whatsapp');
        return list.find((entry) => entry.id === connection.id)?.status === 'CONNECTED' ? true : undefined;
      });
      const widget = `${server.url}/widget/${connection.publicId}`;
      const session = await (
        await fetch(`${widget}/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Maria Clara', email: 'maria.clara@example.test' }),
        })
      ).json();
      const sent = await fetch(`${widget}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.visitorToken}` },
        body: JSON.stringify({ body: 'Oi, tudo bem?' }),
      });
      expect(sent.status).toBe(200);
      ticket = await eventually(async () => {
        const { tickets } = await api('GET', '/tickets?status=pending&showAll=true');
        return tickets.find((entry: { whatsappId: number }) => entry.whatsappId === connection.id);
      });
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });
    });

    it('switches private-note mode off once the note is sent', async () => {
      await page.goto(`${server.url}/tickets/${ticket.uuid}`);
      const toggle = pane().getByRole('button', { name: 'Comentário privado' });
      await toggle.click();
      await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
      await pane().getByRole('textbox', { name: 'Mensagem' }).fill('Nota só para a equipe');
      await pane().getByRole('textbox', { name: 'Mensagem' }).press('Enter');
      await pane().getByText('Nota só para a equipe').waitFor();
      await eventually(async () => ((await toggle.getAttribute('aria-pressed')) === 'false' ? true : undefined));
    });

    it('offers no "with farewell" while there is no farewell, and sends the filled farewell once there is one', async () => {
      await page.goto(`${server.url}/tickets/${ticket.uuid}`);
      await pane().getByRole('button', { name: 'Resolver' }).click();
      let dialog = page.getByRole('dialog', { name: `Encerrar o ticket #${ticket.id}` });
      await dialog.getByText('Não há mensagem de despedida configurada', { exact: false }).waitFor();
      // The screenshot after the dialog's fade-in.
      await eventually(async () =>
        (await dialog.evaluate(
          (element) => getComputedStyle(element.closest('.MuiDialog-root')!.querySelector('.MuiPaper-root')!).opacity,
        )) === '1'
          ? true
          : undefined,
      );
      expect(await dialog.getByLabel('Encerrar com mensagem de despedida').count()).toBe(0);
      await screenshot(page, 'texts-resolve-without-farewell-1280');
      await page.setViewportSize(NARROW);
      await screenshot(page, 'texts-resolve-without-farewell-390');
      await page.setViewportSize(WIDE);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      await api('PUT', `/users/${me.id}`, { farewellMessage: 'Até logo, {{firstName}}! Atendimento {{ticket_id}}.' });
      await page.reload();
      await pane().getByRole('button', { name: 'Resolver' }).click();
      dialog = page.getByRole('dialog', { name: `Encerrar o ticket #${ticket.id}` });
      await dialog.getByLabel('Encerrar com mensagem de despedida').check();
      await screenshot(page, 'texts-resolve-with-farewell-1280');
      await dialog.getByRole('button', { name: 'Encerrar' }).click();
      await page.waitForURL(/\/tickets$/);
      const farewell = await eventually(async () => {
        const { messages } = await api<{ messages: { body: string; fromMe: boolean; isPrivate: boolean }[] }>(
          'GET',
          `/messages/${ticket.id}`,
        );
        return messages.find((message) => message.fromMe && !message.isPrivate && message.body.startsWith('Até logo'));
      });
      expect(farewell.body).toBe(`Até logo, Maria! Atendimento ${ticket.id}.`);
      await api('PUT', `/users/${me.id}`, { farewellMessage: '' });
    });

    it('lists the website visitor by e-mail, with no WhatsApp start button', async () => {
      await api('POST', '/contacts', { name: 'Telefone Cliente', number: '5511912340000' });
      await page.goto(`${server.url}/contacts`);
      const visitor = page.getByRole('row').filter({ hasText: 'Maria Clara' });
      await visitor.getByText('maria.clara@example.test').first().waitFor();
      expect(await visitor.getByRole('button', { name: 'Iniciar atendimento: Maria Clara' }).count()).toBe(0);
      const phone = page.getByRole('row').filter({ hasText: 'Telefone Cliente' });
      await phone.getByRole('button', { name: 'Iniciar atendimento: Telefone Cliente' }).waitFor();
      await screenshot(page, 'texts-contacts-visitor-1280');
    });
  });

  it('renders the API document at /api-docs with files of its own, within the CSP', async () => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
    });
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    await page.goto(`${server.url}/api-docs`);
    await page.getByText('Switchboard external messages API').first().waitFor();
    await page.getByText('/api/messages/send').first().waitFor();
    expect(page.url()).toBe(`${server.url}/api-docs`);
    await screenshot(page, 'texts-api-docs-1280');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'texts-api-docs-390');
    await page.setViewportSize(WIDE);
    expect(blocked).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
