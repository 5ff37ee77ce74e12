import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, screenshot, shown, signIn, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

const PNG = {
  name: 'manutencao.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAALElEQVR42u3OAQkAAAgDsCcxmImNZQ3BwQIs1XNKhISEhISEhISEhISEfoUWzf6gTKSO3ysAAAAASUVORK5CYII=',
    'base64',
  ),
};

/**
 * Spec 3 §2.8 and spec 1 §2: the super admin publishes an announcement at /announcements, and the admin of another
 * company, signed in all along, sees it arrive in the top bar's popover without reloading, reads its text and image;
 * the page itself refuses them with spec 3 §6's message and sends them to the root path.
 */
describe('announcements', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let other: BrowserContext;
  let otherPage: Page;

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    const plan = await api<{ id: number }>('POST', '/plans', {
      name: 'Plano Informativos',
      users: 3,
      connections: 1,
      queues: 1,
      amount: 10,
    });
    const email = 'admin@outra-empresa.test';
    const dueDate = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    await api('POST', '/companies', { name: 'Outra Empresa', email, planId: plan.id, password: 'Senha-123', dueDate });
    other = await newContext(browser, WIDE);
    otherPage = await other.newPage();
    await signIn(otherPage, server.url, email, 'Senha-123');
  });
  afterAll(async () => {
    await other?.close();
    await browser?.close();
    await server?.stop();
  });

  it("the super admin's new announcement reaches another company's popover live", async () => {
    // The other company's admin has nothing to read yet, and stays on this page (no reload) to the end.
    await otherPage.getByRole('button', { name: 'Informativos: 0' }).waitFor();

    await page.goto(`${server.url}/announcements`);
    await page.getByRole('heading', { name: /Informativos/ }).waitFor();
    await page.getByText('Nenhum informativo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Novo informativo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo informativo' });
    await dialog.getByLabel('Título').waitFor();
    // Title and text are required (spec 3 §5): nothing is sent without them.
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    expect(await dialog.getByText('Obrigatório').count()).toBe(2);

    await dialog.getByLabel('Título').fill('Manutenção programada');
    await dialog.getByLabel('Texto').fill('O sistema ficará fora do ar no sábado às 22h.');
    // Baixa by default (spec 3 §9); this one is Alta.
    expect(await dialog.getByRole('combobox', { name: 'Prioridade' }).textContent()).toContain('Baixa');
    await dialog.getByRole('combobox', { name: 'Prioridade' }).click();
    await page.getByRole('option', { name: 'Alta' }).click();
    expect(await dialog.getByRole('switch', { name: 'Ativo' }).isChecked()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles(PNG);
    await dialog.getByRole('button', { name: PNG.name }).waitFor();
    await dialog.getByRole('img', { name: PNG.name }).waitFor();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'announcements-dialog-1280');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Informativo salvo com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Manutenção programada/ });
    await row.getByText('Alta').waitFor();
    await row.getByText('Ativo').waitFor();
    await row.getByText(PNG.name).waitFor();
    await screenshot(page, 'announcements-page-1280');

    // Editing shows what was saved, the stored image included.
    await row.getByRole('button', { name: 'Editar informativo: Manutenção programada' }).click();
    const editing = page.getByRole('dialog', { name: 'Editar informativo' });
    expect(await editing.getByLabel('Título').inputValue()).toBe('Manutenção programada');
    expect(await editing.getByRole('combobox', { name: 'Prioridade' }).textContent()).toContain('Alta');
    const storedImage = editing.getByRole('img', { name: PNG.name });
    await eventually(async () => (await storedImage.evaluate((element) => (element as HTMLImageElement).naturalWidth)) > 0 || undefined);
    await editing.getByRole('button', { name: 'Cancelar' }).click();
    await editing.waitFor({ state: 'detached' });

    // The other company's admin: the badge counts it and the popover lists it in red (priority 1), without a reload.
    const bell = otherPage.getByRole('button', { name: 'Informativos: 1' });
    await bell.waitFor();
    await bell.click();
    const item = otherPage.getByRole('button', { name: /Manutenção programada/ });
    await item.waitFor();
    expect(await item.getAttribute('data-priority')).toBe('1');
    const border = await item.evaluate((element) => getComputedStyle(element).borderLeftColor);
    const [red, green, blue] = border.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green! + blue!).toBeLessThan(red!);
    await shown(item);
    await screenshot(otherPage, 'announcements-popover-1280');

    await item.click();
    const reader = otherPage.getByRole('dialog', { name: /Manutenção programada/ });
    await reader.getByText('O sistema ficará fora do ar no sábado às 22h.').waitFor();
    const image = reader.getByRole('img', { name: PNG.name });
    await image.waitFor();
    await eventually(async () => (await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)) > 0 || undefined);
    await otherPage.getByRole('list', { name: 'Informativos' }).waitFor({ state: 'detached' });
    await shown(reader);
    await screenshot(otherPage, 'announcements-reader-1280');
    await reader.getByRole('button', { name: 'Fechar' }).click();

    // Made inactive by the super admin, it leaves the other company's popover live too.
    const saved = await api<{ records: { id: number; title: string }[] }>('GET', '/announcements?searchParam=manuten');
    await api('PUT', `/announcements/${saved.records[0]!.id}`, { status: false });
    await otherPage.getByRole('button', { name: 'Informativos: 0' }).waitFor();
    await row.getByText('Inativo').waitFor();
  });

  it('refuses the page to anyone but the super admin and sends them to the root path after a second', async () => {
    await otherPage.goto(`${server.url}/announcements`);
    await otherPage.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    // The root path, which for a company admin is the dashboard.
    await otherPage.waitForURL((url) => url.pathname === '/');
    await otherPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('deletes an announcement after the confirmation', async () => {
    const row = page.getByRole('row', { name: /Manutenção programada/ });
    await row.getByRole('button', { name: 'Excluir informativo: Manutenção programada' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Excluir Manutenção programada?' });
    await confirmation.getByText('Esta ação não pode ser revertida.').waitFor();
    await confirmation.getByRole('button', { name: /^(Sim|Confirmar|Excluir|OK)$/i }).click();
    await page.getByText('Informativo excluído com sucesso!').first().waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
