import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { NARROW, newContext, screenshot, signIn, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

const DAY_MS = 24 * 3600 * 1000;

/** yyyy-MM-dd and dd/MM/yyyy of the 10th of the month `months` from now (the 10th never meets a month's end). */
function tenthOf(months: number): { input: string; shown: string } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + months, 10);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return { input: `${date.getFullYear()}-${month}-10`, shown: `10/${month}/${date.getFullYear()}` };
}

/** A screenshot once the page is still: no field label or dialog is half-way through its transition. */
async function stillShot(page: Page, name: string): Promise<void> {
  // Transitions only: a toast's progress bar and a spinner are animations that run on.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  await screenshot(page, name);
}

/** The row's background as [red, green, blue]. */
async function background(row: Locator): Promise<number[]> {
  const colour = await row.evaluate((element) => getComputedStyle(element).backgroundColor);
  return colour
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number);
}

/**
 * Spec 2 §2–§5 for the super admin: a plan made in the settings' plans tab, a company on it made at /companies,
 * its renewal advancing the due date by its recurrence in the table, the due-date row colours, edit, search and
 * delete; the helps tab feeding /helps; and none of it for a company's own admin.
 */
describe('companies, plans and helps', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  const due = tenthOf(1);
  const renewed = tenthOf(4);

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the super admin creates a plan and a company on it, renews it, and the companies table shows the new due date', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Planos' }).click();
    await page.getByRole('heading', { name: /Planos/ }).waitFor();
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const planDialog = page.getByRole('dialog', { name: 'Novo plano' });
    await planDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    expect(await planDialog.getByText('Obrigatório').count()).toBe(5);
    await planDialog.getByLabel(/^Nome/).fill('Plano Ouro');
    await planDialog.getByLabel(/^Valor/).fill('149,90');
    await planDialog.getByLabel(/^Usuários/).fill('5');
    await planDialog.getByLabel(/^Conexões/).fill('2');
    await planDialog.getByLabel(/^Filas/).fill('3');
    // Every feature starts on (spec 2 §3); this plan has no kanban.
    expect(await planDialog.getByRole('switch', { name: 'Kanban' }).isChecked()).toBe(true);
    await planDialog.getByRole('switch', { name: 'Kanban' }).uncheck();
    await stillShot(page, 'plans-dialog-1280');
    await planDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await planDialog.waitFor({ state: 'detached' });
    const planRow = page.getByRole('row', { name: /Plano Ouro/ });
    await planRow.getByText('R$ 149,90').waitFor();
    expect(await planRow.getByText('Kanban').count()).toBe(0);
    await planRow.getByText('Instagram').waitFor();
    await stillShot(page, 'settings-plans-1280');

    // The company, from the menu's Empresas entry.
    await page.getByRole('link', { name: 'Empresas' }).click();
    await page.waitForURL(/\/companies$/);
    await page.getByRole('heading', { name: /Empresas/ }).waitFor();
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
    await dialog.getByLabel(/^Nome/).fill('Padaria Central');
    await dialog.getByLabel(/^E-mail/).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    // E-mail valid and plan required (spec 2 §5): nothing is sent.
    await dialog.getByText('E-mail inválido').waitFor();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.getByLabel(/^E-mail/).fill('contato@padaria.test');
    await dialog.getByRole('combobox', { name: /^Plano/ }).click();
    await page.getByRole('option', { name: /Plano Ouro · R\$ 149,90/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel(/^Senha do administrador/).fill('Padaria-123');
    await dialog.getByLabel('Data de vencimento').fill(due.input);
    await dialog.getByRole('combobox', { name: 'Recorrência' }).click();
    await page.getByRole('option', { name: 'Trimestral' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel('CPF/CNPJ').fill('12.345.678/0001-90');
    await stillShot(page, 'companies-dialog-1280');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Padaria Central/ });
    await row.getByText(due.shown).waitFor();
    await row.getByText('Trimestral').waitFor();
    await row.getByRole('cell', { name: 'Plano Ouro' }).waitFor();
    await row.getByRole('cell', { name: 'R$ 149,90' }).waitFor();
    await row.getByRole('cell', { name: 'contato@padaria.test' }).waitFor();
    await row.getByRole('cell', { name: 'Sim', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Nunca' }).waitFor();

    // Renewal (spec 2 §4): one recurrence, three months, later.
    await row.getByRole('button', { name: 'Renovar assinatura: Padaria Central' }).click();
    await page.getByText(`Padaria Central renovada até ${renewed.shown}.`).first().waitFor();
    await row.getByText(renewed.shown).waitFor();
    expect(await row.getByText(due.shown).count()).toBe(0);
    await stillShot(page, 'companies-renewed-1280');
  });

  it('colours the rows due in 1 to 5 days amber and those due or past red, and renewal clears the red', async () => {
    const [plan] = await api<{ plans: { id: number }[] }>('GET', '/plans?searchParam=ouro').then((found) => found.plans);
    const soon = new Date(Date.now() + 2 * DAY_MS);
    await api('POST', '/companies', { name: 'Mercado Logo Ali', email: 'mercado@x.test', planId: plan!.id, dueDate: soon });
    await api('POST', '/companies', {
      name: 'Oficina Atrasada',
      email: 'oficina@x.test',
      planId: plan!.id,
      dueDate: new Date(Date.now() - DAY_MS),
    });
    await page.reload();
    const amber = page.getByRole('row', { name: /Mercado Logo Ali/ });
    const red = page.getByRole('row', { name: /Oficina Atrasada/ });
    await amber.getByText('Vence em 2 dias').waitFor();
    await red.getByText('Vencida').waitFor();
    // Away from the rows (their hover) and from the menu (which opens under the pointer).
    await page.mouse.move(WIDE.width / 2, WIDE.height - 40);
    const [ar, ag, ab] = await background(amber);
    expect(ar).toBeGreaterThan(ab! + 20);
    expect(ag).toBeGreaterThan(ab! + 10);
    const [rr, rg, rb] = await background(red);
    expect(rr).toBeGreaterThan(rg! + 10);
    expect(rr).toBeGreaterThan(rb! + 10);
    // A company due in months has no colour.
    const [pr, pg, pb] = await background(page.getByRole('row', { name: /Padaria Central/ }));
    expect(pr).toBe(pg);
    expect(pg).toBe(pb);
    await stillShot(page, 'companies-due-colours-1280');

    // Renewing the overdue company counts a month from today: it is no longer due.
    await red.getByRole('button', { name: 'Renovar assinatura: Oficina Atrasada' }).click();
    await page
      .getByText(/Oficina Atrasada renovada até/)
      .first()
      .waitFor();
    await red.getByText('Vencida').waitFor({ state: 'detached' });
  });

  it('edits, searches and deletes companies', async () => {
    const row = page.getByRole('row', { name: /Padaria Central/ });
    await row.getByRole('button', { name: 'Editar empresa: Padaria Central' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar empresa' });
    expect(await dialog.getByLabel(/^E-mail/).inputValue()).toBe('contato@padaria.test');
    expect(await dialog.getByLabel('Data de vencimento').inputValue()).toBe(renewed.input);
    await dialog
      .getByRole('combobox', { name: /^Plano/ })
      .filter({ hasText: 'Plano Ouro' })
      .waitFor();
    await dialog.getByLabel('Telefone').fill('5511988887777');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Saving without touching the day keeps the renewed due date.
    await row.getByText(renewed.shown).waitFor();

    await page.getByRole('searchbox', { name: 'Pesquisar empresas' }).fill('mercado');
    await page.getByRole('row', { name: /Padaria Central/ }).waitFor({ state: 'detached' });
    const mercado = page.getByRole('row', { name: /Mercado Logo Ali/ });
    await mercado.getByRole('button', { name: 'Excluir empresa: Mercado Logo Ali' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Excluir Mercado Logo Ali?' });
    await confirmation.getByText(/serão excluídos/).waitFor();
    await stillShot(page, 'companies-delete-1280');
    await confirmation.getByRole('button', { name: 'Sim' }).click();
    await mercado.waitFor({ state: 'detached' });
    await page.getByText('Nenhuma empresa').waitFor();
    const left = await api<{ companies: { name: string }[] }>('GET', '/companiesPlan?searchParam=mercado');
    expect(left.companies).toEqual([]);

    // On a phone the companies are cards, still coloured by their due date, with no sideways scrolling.
    await page.getByRole('searchbox', { name: 'Pesquisar empresas' }).fill('');
    await page.setViewportSize(NARROW);
    await page.getByText('Oficina Atrasada').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await stillShot(page, 'companies-390');
    await page.setViewportSize(WIDE);
  });

  it('the settings show the companies tab too, and the helps tab feeds /helps', async () => {
    await page.goto(`${server.url}/settings`);
    // The options tab carries the super-only userCreation option (spec 2 §3, §6).
    await page.getByText('Criação de usuário (cadastro de novas empresas)').waitFor();
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await page.getByRole('row', { name: /Padaria Central/ }).waitFor();
    await stillShot(page, 'settings-companies-1280');

    await page.getByRole('tab', { name: 'Ajuda' }).click();
    await page.getByRole('button', { name: 'Nova ajuda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova ajuda' });
    await dialog.getByLabel(/^Título/).fill('Primeiros passos');
    await dialog.getByLabel('Código do vídeo').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByLabel('Descrição').fill('Como atender o primeiro cliente.');
    await stillShot(page, 'helps-dialog-1280');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Primeiros passos/ });
    await row.getByRole('cell', { name: 'dQw4w9WgXcQ', exact: true }).waitFor();
    await stillShot(page, 'settings-helps-1280');

    // The plans tab on a phone: cards, no sideways scrolling.
    await page.setViewportSize(NARROW);
    await page.getByRole('tab', { name: 'Planos' }).click();
    await page.getByText('Plano Ouro').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await stillShot(page, 'settings-plans-390');
    await page.setViewportSize(WIDE);

    await page.goto(`${server.url}/helps`);
    await page.getByRole('button', { name: 'Assistir: Primeiros passos' }).waitFor();
  });

  it("keeps all of it from a company's own admin", async () => {
    const context = await newContext(browser, WIDE);
    const admin = await context.newPage();
    await signIn(admin, server.url, 'contato@padaria.test', 'Padaria-123');
    expect(await admin.getByRole('link', { name: 'Empresas' }).count()).toBe(0);
    await admin.goto(`${server.url}/settings`);
    await admin.getByRole('tab', { name: 'Opções' }).waitFor();
    await admin.getByText('Avaliações').waitFor();
    expect(await admin.getByText('Criação de usuário (cadastro de novas empresas)').count()).toBe(0);
    expect(await admin.getByRole('tab', { name: 'Planos' }).count()).toBe(0);
    expect(await admin.getByRole('tab', { name: 'Empresas' }).count()).toBe(0);
    await admin.goto(`${server.url}/companies`);
    await admin.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    // To the root path (spec 2 §2), which for an admin is the dashboard.
    await admin.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
