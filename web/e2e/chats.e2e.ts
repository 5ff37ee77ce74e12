import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NARROW, newContext, pageToken, sameSessionAt, screenshot, shown, signIn } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

const BRUNA = { name: 'Bruna Lima', email: 'bruna@chat.test', password: 'Senha-chat-1' };
const PNG = {
  name: 'quadro.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAALElEQVR42u3OAQkAAAgDsCcxmImNZQ3BwQIs1XNKhISEhISEhISEhISEfoUWzf6gTKSO3ysAAAAASUVORK5CYII=',
    'base64',
  ),
};

/** Counts the notification chimes a page plays (each is two oscillators started together). */
async function countChimes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counted = window as unknown as { chimes: number };
    counted.chimes = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.chimes += 0.5;
      return original.call(this);
    };
  });
}

const chimes = (page: Page) => page.evaluate(() => (window as unknown as { chimes: number }).chimes);

/**
 * Spec 3 §2.9 and spec 1 §2: two users of one company chat. The admin creates a chat with Bruna and writes; Bruna,
 * on the chat page all along, sees the chat arrive with its unread badge (in the list and the top bar's popover) and
 * hears the chime, without reloading; opening it shows the message and clears the badges. The owner alone edits and
 * deletes; the narrow layout has the Chats and Mensagens tabs.
 */
describe('internal chat', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let bruna: BrowserContext;
  let brunaPage: Page;

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    await api('POST', '/users', { ...BRUNA, profile: 'user' });
    bruna = await newContext(browser);
    await countChimes(bruna);
    brunaPage = await bruna.newPage();
    await signIn(brunaPage, server.url, BRUNA.email, BRUNA.password);
  });
  afterAll(async () => {
    await bruna?.close();
    await browser?.close();
    await server?.stop();
  });

  const popoverButton = (on: Page, count: number) => on.getByRole('button', { name: `Chats com mensagens não lidas: ${count}` });
  const chatItem = (on: Page, title: string) => on.getByRole('list', { name: 'Chats' }).getByRole('listitem').filter({ hasText: title });

  it('a message reaches the other member live with its unread badge, which reading clears', async () => {
    await brunaPage.goto(`${server.url}/chats`);
    await brunaPage.getByText('Nenhum chat ainda.').waitFor();
    await popoverButton(brunaPage, 0).waitFor();

    await page.goto(`${server.url}/chats`);
    await page.getByText('Selecione um chat para conversar.').waitFor();
    await page.getByRole('button', { name: 'Novo chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo chat' });
    const save = dialog.getByRole('button', { name: 'Salvar' });
    // Spec 3 §5: no saving without a title and a user.
    await dialog.getByLabel('Título').fill('Equipe de suporte');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Usuários' }).click();
    await page.getByRole('option', { name: BRUNA.name }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(false);
    await shown(dialog);
    // Its colour eases in from the disabled grey: the picture shows it as enabled as the page's own primary button.
    const primary = await page
      .getByRole('button', { name: 'Novo chat', includeHidden: true })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    await eventually(async () => (await save.evaluate((element) => getComputedStyle(element).backgroundColor)) === primary || undefined);
    await screenshot(page, 'chats-dialog-1280');
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;

    // Bruna sees the chat arrive (no unread messages yet), without edit or delete: she is not its owner.
    const brunaItem = chatItem(brunaPage, 'Equipe de suporte');
    await brunaItem.waitFor();
    expect(await brunaItem.getByRole('button', { name: 'Editar chat' }).count()).toBe(0);
    expect(await brunaItem.getByRole('button', { name: 'Excluir chat' }).count()).toBe(0);
    await chatItem(page, 'Equipe de suporte').getByRole('button', { name: 'Editar chat' }).waitFor();

    const composer = page.getByRole('textbox', { name: 'Digite uma mensagem' });
    await composer.fill('Olá, Bruna! Pode ver o ticket 42?');
    await composer.press('Enter');
    await page.getByRole('log', { name: 'Equipe de suporte' }).getByText('Olá, Bruna! Pode ver o ticket 42?').waitFor();

    // Live on Bruna's screen: the list's badge, the last message, the popover's count and a chime.
    const badge = brunaItem.getByLabel('Mensagens não lidas: 1');
    await badge.waitFor();
    await brunaItem.getByText('Olá, Bruna! Pode ver o ticket 42?').waitFor();
    await popoverButton(brunaPage, 1).waitFor();
    await eventually(async () => (await chimes(brunaPage)) === 1 || undefined);
    // The badge grows in: the picture shows it at its full size.
    await eventually(
      async () => (await badge.evaluate((element) => getComputedStyle(element).transform.startsWith('matrix(1, 0, 0, 1,'))) || undefined,
    );
    await screenshot(brunaPage, 'chats-unread-1280');
    await popoverButton(brunaPage, 1).click();
    const popoverItem = brunaPage
      .getByRole('list', { name: 'Mensagens do chat interno' })
      .getByRole('button', { name: /Equipe de suporte/ });
    await shown(popoverItem);
    await screenshot(brunaPage, 'chats-popover-1280');

    // Opening it from the popover shows the message and reads it: both badges clear.
    await popoverItem.click();
    await brunaPage.waitForURL(`${server.url}/chats/${uuid}`);
    const brunaLog = brunaPage.getByRole('log', { name: 'Equipe de suporte' });
    await brunaLog.getByText('Olá, Bruna! Pode ver o ticket 42?').waitFor();
    await popoverButton(brunaPage, 0).waitFor();
    await brunaItem.getByLabel('Mensagens não lidas: 1').waitFor({ state: 'detached' });
    const read = await server.api<{ users: { user: { name: string }; unreads: number }[] }>(
      'GET',
      `/chats/${uuid}`,
      undefined,
      await pageToken(brunaPage),
    );
    expect(read.users.find((member) => member.user.name === BRUNA.name)?.unreads).toBe(0);

    // While Bruna looks at the chat, a new message neither rings nor raises her count.
    await composer.fill('Obrigado!');
    await composer.press('Enter');
    await brunaLog.getByText('Obrigado!').waitFor();
    await popoverButton(brunaPage, 0).waitFor();
    expect(await chimes(brunaPage)).toBe(1);

    // Bruna answers with a picture; the admin sees both live.
    await brunaPage.locator('input[type=file]').setInputFiles(PNG);
    // The chosen file waits as a chip (Delete takes it off again).
    await brunaPage.getByRole('button', { name: PNG.name }).waitFor();
    const brunaComposer = brunaPage.getByRole('textbox', { name: 'Digite uma mensagem' });
    await brunaComposer.fill('Vi sim, segue o quadro.');
    await brunaComposer.press('Enter');
    const adminLog = page.getByRole('log', { name: 'Equipe de suporte' });
    await adminLog.getByText('Vi sim, segue o quadro.').waitFor();
    const picture = adminLog.getByRole('img', { name: PNG.name });
    await eventually(async () => (await picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)) > 0 || undefined);
    await screenshot(page, 'chats-conversation-1280');
    await screenshot(brunaPage, 'chats-conversation-member-1280');
  });

  it('shows the Chats and Mensagens tabs on a narrow screen', async () => {
    const narrow = await sameSessionAt(brunaPage, browser, NARROW);
    await narrow.goto(`${server.url}/chats`);
    await narrow.getByRole('tab', { name: 'Chats', selected: true }).waitFor();
    await chatItem(narrow, 'Equipe de suporte').waitFor();
    await screenshot(narrow, 'chats-list-390');
    await chatItem(narrow, 'Equipe de suporte')
      .getByRole('button', { name: /Equipe de suporte/ })
      .click();
    await narrow.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor();
    await narrow.getByRole('log', { name: 'Equipe de suporte' }).getByText('Vi sim, segue o quadro.').waitFor();
    await screenshot(narrow, 'chats-messages-390');
    await narrow.context().close();
  });

  it('loads older messages when scrolled near the top, keeping the reader’s place', async () => {
    const admin = await pageToken(page);
    const users = await server.api<{ id: number; name: string }[]>('GET', '/users/list', undefined, admin);
    const brunaId = users.find((user) => user.name === BRUNA.name)!.id;
    const long = await server.api<{ id: number; uuid: string }>('POST', '/chats', { title: 'Histórico', users: [brunaId] }, admin);
    for (let index = 1; index <= 30; index += 1) {
      await server.api('POST', `/chats/${long.id}/messages`, { message: `Mensagem ${index}` }, admin);
    }
    await page.goto(`${server.url}/chats/${long.uuid}`);
    const log = page.getByRole('log', { name: 'Histórico' });
    // The newest page (messages 11 to 30) opens at the bottom.
    await log.getByText('Mensagem 30', { exact: true }).waitFor();
    expect(await log.getByText('Mensagem 10', { exact: true }).count()).toBe(0);
    const anchor = log.getByText('Mensagem 11', { exact: true });
    await log.evaluate((element) => (element.scrollTop = 0));
    const before = (await anchor.boundingBox())!.y;
    await log.getByText('Mensagem 10', { exact: true }).waitFor();
    await log.getByText('Mensagem 1', { exact: true }).waitFor();
    expect(Math.abs((await anchor.boundingBox())!.y - before)).toBeLessThan(4);
  });

  it('the owner renames the chat and then deletes it after confirming; the member sees both live', async () => {
    await page.goto(`${server.url}/chats`);
    await chatItem(page, 'Equipe de suporte').getByRole('button', { name: 'Editar chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar chat' });
    expect(await dialog.getByLabel('Título').inputValue()).toBe('Equipe de suporte');
    await dialog.getByRole('button', { name: BRUNA.name }).waitFor();
    await dialog.getByLabel('Título').fill('Equipe de suporte N2');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chatItem(brunaPage, 'Equipe de suporte N2').waitFor();

    await chatItem(page, 'Equipe de suporte N2').getByRole('button', { name: 'Excluir chat' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir o chat Equipe de suporte N2?' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await chatItem(page, 'Equipe de suporte N2').waitFor({ state: 'detached' });
    // Bruna had it open: it leaves her list and her screen.
    await chatItem(brunaPage, 'Equipe de suporte N2').waitFor({ state: 'detached' });
    await brunaPage.waitForURL(`${server.url}/chats`);
  });
});
