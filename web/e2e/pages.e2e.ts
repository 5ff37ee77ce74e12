import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, NARROW, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, startE2eServer, type E2eServer } from './support/server.js';

/**
 * Signs in through the login page (support/browser.ts signIn); if that page cannot be driven, puts the session where
 * the app keeps it (local storage 'token' and 'user', as /auth/login and /auth/me answer them). A sign-in ends the
 * user's other sessions, so API calls of the test use the browser's token.
 */
async function openSession(server: E2eServer, context: BrowserContext): Promise<{ page: Page; token: string }> {
  const page = await context.newPage();
  try {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    return { page, token: await pageToken(page) };
  } catch {
    const token = await server.adminToken();
    const user = await server.api('GET', '/auth/me');
    // A page of the origin that is not the app, so no app code can clear the session meanwhile.
    await page.goto(`${server.url}/health`);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', JSON.stringify(token));
        localStorage.setItem('user', JSON.stringify(user));
      },
      [token, user] as const,
    );
    return { page, token };
  }
}

describe('contacts, quick replies, tags and schedules pages', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: <T = any>(method: string, route: string, body?: unknown) => Promise<T>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    const session = await openSession(server, await newContext(browser, WIDE));
    page = session.page;
    api = (method, route, body) => server.api(method, route, body, session.token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a contact through the dialog after showing its validation, finds, edits and deletes it', async () => {
    await api('POST', '/contacts', { name: 'Bruno Outro', number: '5521912345678' });
    await page.goto(`${server.url}/contacts`);
    await page.getByText('Bruno Outro', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Maria Teste');
    await dialog.getByLabel('Número do WhatsApp').fill('123');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByText('E-mail inválido').waitFor();

    await dialog.getByLabel('Número do WhatsApp').fill('11987654321');
    await dialog.getByLabel('Email').fill('maria@example.com');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByLabel('Nome do campo').fill('Empresa');
    await dialog.getByLabel('Valor').fill('ACME');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Contato salvo com sucesso!').first().waitFor();

    // The country code is added; the search (debounced) keeps only the matching contact.
    await page.getByRole('searchbox', { name: 'Pesquisar por nome ou número' }).fill('Maria');
    await page.getByText('Bruno Outro', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '5511987654321' }).waitFor();
    const [saved] = (await api<{ contacts: { id: number; extraInfo?: unknown[] }[] }>('GET', '/contacts?searchParam=Maria')).contacts;
    expect((await api<{ extraInfo: { name: string; value: string }[] }>('GET', `/contacts/${saved!.id}`)).extraInfo).toEqual([
      expect.objectContaining({ name: 'Empresa', value: 'ACME' }),
    ]);

    await page.getByRole('button', { name: 'Editar contato: Maria Teste' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar contato' });
    expect(await editDialog.getByLabel('Nome', { exact: true }).inputValue()).toBe('Maria Teste');
    await editDialog.getByLabel('Nome', { exact: true }).fill('Maria Souza');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.getByText('Maria Souza', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Excluir contato: Maria Souza' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir Maria Souza?' });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Maria Souza', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Excluir contato: Maria Souza' }).click();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Maria Souza', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Nenhum contato encontrado').waitFor();
  });

  it('imports a CSV from the menu and shows the progress and the counts', async () => {
    await page.goto(`${server.url}/contacts`);
    await page.getByRole('button', { name: 'Importar / Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Importar contatos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar contatos' });
    const csv = 'nome;numero;email\nAna Importada;11911112222;ana@example.com\nCarlos Importado;11933334444;\nX;1;bad\n';
    await dialog.locator('input[type=file]').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('contatos.csv').waitFor();
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.getByText('Importação concluída').waitFor();
    await dialog.getByText('Criados: 2').waitFor();
    await dialog.getByText('Linhas com erro: 1').waitFor();
    await dialog.getByText(/^Linha 4:/).waitFor();
    await screenshot(page, 'pages-contacts-import');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.getByText('Ana Importada', { exact: true }).waitFor();
    await page.getByText('Carlos Importado', { exact: true }).waitFor();
  });

  it('creates a tag with a colour, showing the short-name message first', async () => {
    await page.goto(`${server.url}/tags`);
    await page.getByText('Nenhuma tag encontrada').waitFor();
    await page.getByRole('button', { name: 'Nova tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova tag' });
    await dialog.getByLabel('Nome', { exact: true }).fill('ab');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Tag muito curta!').waitFor();
    await dialog.getByLabel('Nome', { exact: true }).fill('Clientes VIP');
    await dialog.getByRole('button', { name: 'Cor #43a047' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Clientes VIP/ }).waitFor();
    const { tags } = await api<{ tags: { name: string; color: string }[] }>('GET', '/tags');
    expect(tags).toEqual([expect.objectContaining({ name: 'Clientes VIP', color: '#43a047' })]);
  });

  it('creates a quick reply', async () => {
    await page.goto(`${server.url}/quick-messages`);
    await page.getByText('Nenhuma resposta rápida').waitFor();
    await page.getByRole('button', { name: 'Nova resposta rápida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova resposta rápida' });
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await dialog.getByLabel('Atalho').fill('bomdia');
    await dialog.getByLabel('Mensagem').fill('Bom dia! Como posso ajudar?');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '/bomdia' }).waitFor();
    await page.getByRole('cell', { name: 'Bom dia! Como posso ajudar?' }).waitFor();
  });

  it('opens the schedule dialog for ?contactId= and lists the saved schedule', async () => {
    const contact = await api<{ id: number }>('POST', '/contacts', { name: 'Paula Agenda', number: '5511955556666' });
    await page.goto(`${server.url}/schedules?contactId=${contact.id}`);
    const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
    await dialog.waitFor();
    await expect(await dialog.getByLabel('Contato').inputValue()).toContain('Paula Agenda');
    await dialog.getByLabel('Mensagem').fill('Oi');
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialog.getByLabel('Mensagem').fill('Lembrete: sua consulta é amanhã às 10h.');
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Paula Agenda', { exact: true }).waitFor();
    await page.getByText(/^Lembrete: sua consulta é\s*\.\.\.$/).waitFor();
    await page.getByText('Pendente').waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('looks right on each page at 1280 and 390 px', async () => {
    for (const [route, name, text] of [
      ['/contacts', 'contacts', 'Ana Importada'],
      ['/quick-messages', 'quick-messages', '/bomdia'],
      ['/tags', 'tags', 'Clientes VIP'],
      ['/schedules', 'schedules', 'Paula Agenda'],
    ] as const) {
      // One session only (a sign-in ends the others): the same page at both widths.
      await page.setViewportSize(WIDE);
      await page.goto(`${server.url}${route}`);
      await page.getByText(text).first().waitFor();
      await screenshot(page, `pages-${name}-1280`);
      await page.setViewportSize(NARROW);
      await page.getByText(text).first().waitFor();
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
      await screenshot(page, `pages-${name}-390`);
    }
  });
});
