import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { NARROW, screenshot, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { ADMIN, eventually, type E2eServer } from './support/server.js';

interface ListedUser {
  id: number;
  name: string;
  email: string;
  startWork: string;
  endWork: string;
  showDashboard: string;
  queues: { id: number; name: string }[];
}

describe('users, settings and helps screens', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let companyId: number;

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    companyId = (await api<{ companyId: number }>('GET', '/auth/me')).companyId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The same screen at 1280 and 390 px, with no sideways scrolling on the phone. */
  async function screenshotsAtBothWidths(name: string, visible: string): Promise<void> {
    await page.setViewportSize(WIDE);
    await page.getByText(visible).first().waitFor();
    await screenshot(page, `admin-${name}-1280`);
    await page.setViewportSize(NARROW);
    await page.getByText(visible).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, `admin-${name}-390`);
    await page.setViewportSize(WIDE);
  }

  it('creates a user with a queue after showing the validation, finds, edits and deletes it', async () => {
    const queue = await api<{ id: number; name: string }>('POST', '/queue', { name: 'Suporte', color: '#1e88e5' });

    await page.goto(`${server.url}/users`);
    await page.getByRole('cell', { name: ADMIN.email, exact: true }).waitFor();
    // A user added elsewhere arrives by the 'user' socket event, without a reload.
    await api('POST', '/users', { name: 'Bruno Remoto', email: 'bruno@example.com', password: 'segredo2' });
    await page.getByRole('cell', { name: 'Bruno Remoto', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByLabel(/^Nome/).fill('Ana Atendente');
    await dialog.getByLabel(/^Email/).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('E-mail inválido').waitFor();
    // The password is required for a new user.
    await dialog.getByText('Obrigatório').waitFor();
    // Spec 2 §3: a new user works from 00:00 to 23:59.
    expect(await dialog.getByLabel('Início de trabalho').inputValue()).toBe('00:00');
    expect(await dialog.getByLabel('Término de trabalho').inputValue()).toBe('23:59');

    await dialog.getByLabel(/^Email/).fill('ana@example.com');
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('combobox', { name: 'Filas' }).click();
    await page.getByRole('option', { name: queue.name }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Ver Dashboard').check();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Usuário salvo com sucesso!').first().waitFor();

    const [created] = (await api<{ users: ListedUser[] }>('GET', '/users?searchParam=ana%40example')).users;
    expect(created).toMatchObject({ name: 'Ana Atendente', startWork: '00:00', endWork: '23:59', showDashboard: 'enabled' });
    expect(created!.queues.map((entry) => entry.id)).toEqual([queue.id]);

    // The search (debounced) keeps only the matching user.
    await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill('ana@');
    await page.getByRole('cell', { name: ADMIN.email, exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Bruno Remoto', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Ana Atendente', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Editar usuário: Ana Atendente' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar usuário' });
    // The form shows once the user is loaded.
    expect(await editDialog.getByLabel(/^Nome/).inputValue()).toBe('Ana Atendente');
    await editDialog.getByText(queue.name).waitFor();
    await editDialog.getByLabel(/^Nome/).fill('Ana Souza');
    await editDialog.getByLabel('Início de trabalho').fill('08:00');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Ana Souza', exact: true }).waitFor();
    const edited = await api<ListedUser>('GET', `/users/${created!.id}`);
    // An empty password on edit keeps the current one; the queues stay.
    expect(edited).toMatchObject({ name: 'Ana Souza', startWork: '08:00' });
    expect(edited.queues.map((entry) => entry.id)).toEqual([queue.id]);
    await server.login('ana@example.com', 'segredo1');

    await screenshotsAtBothWidths('users', 'Ana Souza');

    await page.getByRole('button', { name: 'Excluir usuário: Ana Souza' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir Ana Souza?' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Usuário excluído com sucesso!').first().waitFor();
    await page.getByRole('cell', { name: 'Ana Souza', exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Nenhum usuário encontrado').waitFor();
    expect((await api<{ users: ListedUser[] }>('GET', '/users?searchParam=ana%40example')).users).toEqual([]);

    // At the plan's user limit the server refuses the new user, and the refusal shows translated (spec 2 §8).
    const { plan } = await api<{ plan: { id: number; users: number } }>('GET', `/companies/listPlan/${companyId}`);
    const { count } = await api<{ count: number }>('GET', '/users');
    await api('PUT', `/plans/${plan.id}`, { users: count });
    try {
      await page.getByRole('button', { name: 'Adicionar usuário' }).click();
      await dialog.getByLabel(/^Nome/).fill('Carla Extra');
      await dialog.getByLabel(/^Email/).fill('carla@example.com');
      await dialog.getByLabel(/^Senha/).fill('segredo3');
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await page.getByText('O limite do seu plano foi atingido.').first().waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await api('PUT', `/plans/${plan.id}`, { users: plan.users });
    }
  });

  it('saves an option on change, which survives a reload; scheduleType company shows the schedules tab', async () => {
    await page.goto(`${server.url}/settings`);
    const rating = page.getByLabel('Avaliações');
    await rating.waitFor();
    const before = (await api<Record<string, string>>('GET', `/companySettings/${companyId}`)).userRating;
    const after = before === 'enabled' ? 'disabled' : 'enabled';
    await rating.click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    await eventually(async () =>
      (await api<Record<string, string>>('GET', `/companySettings/${companyId}`)).userRating === after ? true : undefined,
    );
    await page.reload();
    await page.getByLabel('Avaliações').waitFor();
    expect(await page.getByLabel('Avaliações').isChecked()).toBe(after === 'enabled');

    // The language the company's customers are written to in is chosen the same way.
    await page.getByRole('combobox', { name: 'Idioma das mensagens automáticas aos clientes' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await eventually(async () =>
      (await api<Record<string, string>>('GET', `/companySettings/${companyId}`)).customerLanguage === 'en' ? true : undefined,
    );

    await expect(page.getByRole('tab', { name: 'Horários' }).count()).resolves.toBe(0);
    await page.getByRole('combobox', { name: 'Gerenciamento de expediente' }).click();
    await page.getByRole('option', { name: 'Empresa' }).click();
    await page.getByRole('tab', { name: 'Horários' }).click();
    const mondayStart = page.getByLabel('Segunda-feira Hora inicial 1');
    // A company without hours starts from the default week (08:00-12:00, 13:00-18:00).
    expect(await mondayStart.inputValue()).toBe('08:00');
    await mondayStart.fill('09:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Horários atualizados com sucesso.').first().waitFor();
    const company = await api<{ schedules: { weekdayEn: string; startTimeA: string }[] }>('GET', `/companies/${companyId}`);
    expect(company.schedules.find((entry) => entry.weekdayEn === 'monday')?.startTimeA).toBe('09:00');
    expect((await api<Record<string, string>>('GET', `/companySettings/${companyId}`)).scheduleType).toBe('company');

    await screenshotsAtBothWidths('settings-schedules', 'Segunda-feira');
    await page.getByRole('tab', { name: 'Opções' }).click();
    await screenshotsAtBothWidths('settings-options', 'Avaliações');
  });

  it('shows a help video as a card whose full-screen video closes with Escape', async () => {
    await api('POST', '/helps', { title: 'Como atender', video: 'dQw4w9WgXcQ', description: 'Primeiros passos no atendimento.' });
    await page.goto(`${server.url}/helps`);
    const card = page.getByRole('button', { name: 'Assistir: Como atender' });
    await card.waitFor();
    await page.getByText('Primeiros passos no atendimento.').waitFor();
    await screenshotsAtBothWidths('helps', 'Como atender');

    await card.click();
    const player = page.getByRole('dialog', { name: 'Como atender' });
    await player.waitFor();
    expect(await player.locator('iframe').getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'hidden' });
  });
});
