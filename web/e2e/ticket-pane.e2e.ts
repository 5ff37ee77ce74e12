import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, NARROW, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

/**
 * The ticket pane (spec 1 §2 header, dialogs and contact drawer; §4 transitions) against the real server: a webchat
 * visitor's message makes the pending ticket the pane opens directly at /tickets/{uuid}.
 */
describe('the ticket pane', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let ticket: { id: number; uuid: string };
  let agent: { id: number; name: string };
  const VISITOR = 'Maria Visitante';

  /** A pending ticket from a webchat visitor (plugins/channel-webchat/README.md widget HTTP API). */
  async function seedTicket(): Promise<{ id: number; uuid: string }> {
    const connection = await connectedWebchat(server);
    const widget = `${server.url}/widget/${connection.token}`;
    const session = await (
      await fetch(`${widget}/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: VISITOR, email: 'maria@example.test' }),
      })
    ).json();
    const sent = await fetch(`${widget}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.visitorToken}` },
      body: JSON.stringify({ body: 'Olá, preciso de ajuda com meu pedido' }),
    });
    expect(sent.status).toBe(200);
    return eventually(async () => {
      const { tickets } = await server.api('GET', '/tickets?status=pending&showAll=true');
      return tickets.find((entry: any) => entry.whatsappId === connection.id);
    });
  }

  /**
   * The API as the signed-in browser user: a sign-in ends the older sessions of the same user, so the server helper's
   * own admin token stops working once the browser has signed in.
   */
  async function api<T = any>(method: string, route: string, body?: unknown): Promise<T> {
    return server.api<T>(method, route, body, await pageToken(page));
  }

  /** The pane of the open ticket, found by its label. */
  const pane = (): Locator => page.getByRole('region', { name: `Ticket #${ticket.id}` });

  async function openTicket(): Promise<void> {
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await pane()
      .getByRole('heading', { name: new RegExp(`${VISITOR}.*#${ticket.id}`) })
      .waitFor();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    ticket = await seedTicket();
    // There is no queue API in core yet, so transfers go to a second agent.
    agent = await server.api('POST', '/users', {
      name: 'Bruna Atendente',
      email: 'bruna@switchboard.test',
      password: 'Bruna-123',
      profile: 'user',
    });
    page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the ticket by uuid with the contact name and #id in the header', async () => {
    await openTicket();
    await expect(pane().getByText('Aguardando atendimento').isVisible()).resolves.toBe(true);
    await screenshot(page, 'ticket-pane-pending-1280');
  });

  it('accepts the pending ticket', async () => {
    await pane().getByRole('button', { name: 'Aceitar', exact: true }).click();
    // The ticket has no queue: the accept dialog asks (the admin belongs to no queue, so it starts without one).
    await page.getByRole('dialog', { name: 'Aceitar chat' }).getByRole('button', { name: 'Iniciar' }).click();
    await pane().getByRole('button', { name: 'Resolver' }).waitFor();
    await pane()
      .getByText(/Atribuído a:/)
      .waitFor();
    const stored = await api('GET', `/tickets/${ticket.id}`);
    expect(stored).toMatchObject({ status: 'open' });
    expect(stored.userId).toBeTruthy();
  });

  it('adds and deletes a note in the contact drawer', async () => {
    await pane().getByRole('button', { name: 'Dados do contato' }).click();
    const drawer = page.getByRole('complementary', { name: 'Dados do contato' });
    await drawer.getByRole('heading', { name: VISITOR }).waitFor();
    await drawer.getByRole('tab', { name: 'Documentos' }).waitFor();

    // A one-letter note is refused by the form (spec 1 §5: at least 2 characters).
    await drawer.getByLabel('Observação').fill('x');
    await drawer.getByRole('button', { name: 'Adicionar' }).click();
    await drawer.getByText('A observação deve ter pelo menos 2 caracteres').waitFor();

    await drawer.getByLabel('Observação').fill('Cliente pediu retorno amanhã');
    await drawer.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Observação adicionada com sucesso!').waitFor();
    const notes = drawer.getByRole('list', { name: 'Observações' });
    await notes.getByText('Cliente pediu retorno amanhã').waitFor();
    await screenshot(page, 'ticket-pane-drawer-1280');

    await notes.getByRole('button', { name: 'Excluir observação' }).click();
    await page.getByRole('dialog', { name: 'Excluir observação?' }).getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Observação excluída com sucesso!').waitFor();
    await drawer.getByText('Nenhuma observação registrada.').waitFor();
    await expect(api('GET', `/ticket-notes/list?ticketId=${ticket.id}`)).resolves.toEqual([]);
    await drawer.getByRole('button', { name: 'Fechar dados do contato' }).click();
  });

  it('lists the ticket log entries', async () => {
    await pane().getByRole('button', { name: 'Histórico do ticket' }).click();
    const dialog = page.getByRole('dialog', { name: `Histórico do ticket #${ticket.id}` });
    await dialog.getByText(/aceitou o ticket/).waitFor();
    await expect(dialog.getByText(/Ticket criado por/).count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the pane at 390 px', async () => {
    // The same session at phone width: a second sign-in would end this one (spec 1 §4).
    await page.setViewportSize(NARROW);
    try {
      await openTicket();
      await pane().getByRole('button', { name: 'Resolver' }).waitFor();
      await screenshot(page, 'ticket-pane-390');
      // The other actions sit in the overflow menu.
      await pane().getByRole('button', { name: 'Mais ações' }).click();
      await page.getByRole('menuitem', { name: 'Transferir' }).waitFor();
      // Let the menu finish fading in before the picture.
      await page
        .getByRole('menu', { name: 'Mais ações' })
        .evaluate((menu) => Promise.all((menu.parentElement?.getAnimations() ?? []).map((animation) => animation.finished)));
      await page.waitForFunction(() => {
        const paper = document.querySelector('[role="menu"][aria-label="Mais ações"]')?.parentElement;
        return paper ? getComputedStyle(paper).opacity === '1' : false;
      });
      await screenshot(page, 'ticket-pane-actions-390');
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize(WIDE);
    }
  });

  it('transfers the ticket to another agent (user search from 3 characters)', async () => {
    await openTicket();
    await pane().getByRole('button', { name: 'Transferir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transferir ticket' });
    const ok = dialog.getByRole('button', { name: 'Transferir' });
    await expect(ok.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Usuário').fill('Br');
    await page.getByText('Digite ao menos 3 caracteres').waitFor();
    await dialog.getByLabel('Usuário').fill('Bru');
    await page.getByRole('option', { name: agent.name }).click();
    await ok.click();
    await page.waitForURL(/\/tickets$/);
    const stored = await eventually(async () => {
      const current = await api('GET', `/tickets/${ticket.id}`);
      return current.userId === agent.id ? current : undefined;
    });
    expect(stored).toMatchObject({ status: 'open', userId: agent.id });
  });

  it('resolves the ticket', async () => {
    await openTicket();
    await pane().getByText(`Atribuído a: ${agent.name}`).waitFor();
    await pane().getByRole('button', { name: 'Resolver' }).click();
    const dialog = page.getByRole('dialog', { name: `Encerrar o ticket #${ticket.id}` });
    await dialog.getByLabel('Encerrar sem mensagem de despedida').check();
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await page.waitForURL(/\/tickets$/);
    await expect(api('GET', `/tickets/${ticket.id}`)).resolves.toMatchObject({ status: 'closed' });
  });

  it('asks before deleting the ticket', async () => {
    await openTicket();
    await pane().getByRole('button', { name: 'Reabrir' }).waitFor();
    await pane().getByRole('button', { name: 'Excluir ticket' }).click();
    const confirm = page.getByRole('dialog', { name: `Excluir o ticket #${ticket.id}?` });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(api('GET', `/tickets/${ticket.id}`)).resolves.toMatchObject({ id: ticket.id });

    await pane().getByRole('button', { name: 'Excluir ticket' }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Ticket encerrado com sucesso.').waitFor();
    await page.waitForURL(/\/tickets$/);
    await expect(api('GET', `/tickets/${ticket.id}`)).rejects.toThrow(/404/);
  });
});
