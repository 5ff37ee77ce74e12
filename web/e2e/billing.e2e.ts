import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { FakeAsaas } from '../../plugins/payment-asaas/src/__tests__/fake-asaas.js';
import { launchBrowser, NARROW, newContext, screenshot, WIDE } from './support/browser.js';
import { eventually, startE2eServer, type E2eServer } from './support/server.js';

const DAY_MS = 86_400_000;
const ASAAS = { apiKey: 'e2e-asaas-api-key', webhookToken: 'e2e-asaas-webhook-token-0123456789' };
// The sweeper makes invoices as a node starts, then once a minute.
const INVOICE_WAIT_MS = 30_000;

/** dd/MM/yyyy in this machine's time zone, which the browser shares. */
function shownDate(iso: string): string {
  const date = new Date(iso);
  return [date.getDate(), date.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('/') + `/${date.getFullYear()}`;
}

/** Signs in through the login page as a user of an expired company, who is kept on /financeiro-aberto. */
async function signInExpired(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/financeiro-aberto$/);
}

/**
 * Issue 20 acceptance: an expired company's admin signs in, reaches /financeiro-aberto, pays the invoice through the
 * checkout (Dados, Personalizar, Revisar, then Pix on a fake Asaas), and once Asaas's webhook confirms the payment
 * sees the renewal toast and lands on /tickets without signing in again.
 */
describe('billing: an expired company pays its invoice by Pix and is back in', () => {
  let fake: FakeAsaas;
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const admin = { email: 'vencida@billing.e2e.test', password: 'Senha-123' };
  let companyId: number;
  let formerDueDate: Date;

  beforeAll(async () => {
    fake = await FakeAsaas.start(ASAAS);
    const env = { PAYMENT_API_URL: fake.apiUrl, PAYMENT_WEBHOOK_TOKEN: ASAAS.webhookToken };
    [server, browser] = await Promise.all([startE2eServer(env), launchBrowser()]);
    // The platform's Asaas account: its API key is the super company's `asaas` setting.
    await server.api('PUT', '/companySettings', { column: 'asaas', data: ASAAS.apiKey });
    const plan = await server.api<{ id: number }>('POST', '/plans', {
      name: 'Plano Faturas E2E',
      users: 3,
      connections: 2,
      queues: 2,
      amount: 49,
    });
    formerDueDate = new Date(Date.now() - 3 * DAY_MS);
    const company = await server.api<{ id: number }>('POST', '/companies', {
      name: 'Empresa Vencida',
      email: admin.email,
      password: admin.password,
      planId: plan.id,
      dueDate: formerDueDate,
    });
    companyId = company.id;
    // A restart has the invoice made at once (the sweep as the node starts) rather than at the next minute's pass.
    await server.halt();
    server = await startE2eServer(env, { dataDir: server.dataDir });
    const context = await newContext(browser, WIDE);
    // The Pix screen's copy button writes the code to the clipboard, which the test reads back.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it("tells a plain user of the expired company to ask an admin, without the company's invoices", async () => {
    const agent = { name: 'Atendente Vencida', email: 'atendente@billing.e2e.test', password: 'Senha-123', profile: 'user', companyId };
    await server.api('POST', '/users', agent);
    const context = await newContext(browser, WIDE);
    const agentPage = await context.newPage();
    await signInExpired(agentPage, server.url, agent);
    await agentPage.getByText('Peça a um administrador da empresa para pagar a fatura em aberto.').waitFor();
    expect(await agentPage.getByRole('table', { name: 'Faturas' }).count()).toBe(0);
    await screenshot(agentPage, 'billing-expired-user');
    await context.close();
  });

  it('signs in to /financeiro-aberto, pays through the checkout, and lands on /tickets once Asaas confirms', async () => {
    // The sweeper makes the overdue invoice; waited for here as the company's admin, before the browser signs in
    // (a sign-in ends the user's other sessions).
    const token = await server.login(admin.email, admin.password);
    await eventually(async () => {
      const page = await server.api<{ invoices: unknown[] }>('GET', '/invoices/all', undefined, token);
      return page.invoices.length > 0 ? true : undefined;
    }, INVOICE_WAIT_MS);

    await signInExpired(page, server.url, admin);
    await page.getByText('O acesso ao sistema fica bloqueado até o pagamento.', { exact: false }).waitFor();
    const row = page.getByRole('table', { name: 'Faturas' }).getByRole('row').nth(1);
    await row.getByText('Vencido').waitFor();
    await row.getByRole('cell', { name: shownDate(formerDueDate.toISOString()), exact: true }).waitFor();
    await row.getByRole('cell', { name: 'R$ 49,00' }).waitFor();
    await screenshot(page, 'billing-invoices-expired');
    // The search asks the server: a text no invoice has empties the list, and clearing it brings the invoice back.
    const search = page.getByRole('searchbox', { name: 'Pesquisar faturas' });
    await search.fill('nenhuma-fatura-assim');
    await page.getByText('Nenhuma fatura', { exact: true }).waitFor();
    await search.fill('');
    await row.getByText('Vencido').waitFor();

    // Dados: Próximo checks the payer's name and CPF/CNPJ.
    await row.getByRole('button', { name: 'PAGAR' }).click();
    const dialog = page.getByRole('dialog', { name: /Pagar fatura/ });
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await dialog.getByText('O nome completo é obrigatório').waitFor();
    await dialog.getByText('CEP é obrigatório').waitFor();
    await screenshot(page, 'billing-checkout-data-errors');
    await dialog.getByLabel(/Nome completo/).fill('Ana Souza');
    await dialog.getByLabel(/CPF\/CNPJ/).fill('123.456.789-09');
    await dialog.getByLabel(/Cidade/).fill('Recife');
    await screenshot(page, 'billing-checkout-data');
    await dialog.getByRole('button', { name: 'Próximo' }).click();

    // Personalizar: at least 3 of each (the plan's 2 connections start at 3), priced live.
    await dialog.getByText('R$ 49,00', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Diminuir Conexões' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Aumentar Usuários' }).click();
    await dialog.getByText('R$ 60,00', { exact: true }).waitFor();
    await screenshot(page, 'billing-checkout-plan');
    // Voltar keeps what was typed.
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    expect(await dialog.getByLabel(/Nome completo/).inputValue()).toBe('Ana Souza');
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await dialog.getByRole('button', { name: 'Próximo' }).click();

    // Revisar, then PAGAR: the Pix charge on the fake Asaas, its code and amount on screen.
    await dialog.getByText('4 usuários, 3 conexões, 2 filas').waitFor();
    await dialog.getByText('Ana Souza').waitFor();
    await screenshot(page, 'billing-checkout-review');

    // Asaas refuses the charge once: the refusal is told in the dialog, and the checkout can be tried again.
    fake.receiver.script({ status: 400, json: { errors: [{ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' }] } });
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await dialog
      .getByRole('alert')
      .getByText('O meio de pagamento recusou a cobrança. Confira o nome e o CPF/CNPJ e tente de novo.')
      .waitFor();
    await dialog
      .getByRole('alert')
      .getByText(/O CPF\/CNPJ informado é inválido/)
      .waitFor();
    // The provider named the CPF/CNPJ: the dialog is back on Dados with the server's word under the field.
    await dialog.getByText('CPF/CNPJ inválido', { exact: true }).waitFor();
    await screenshot(page, 'billing-checkout-refused');
    expect(fake.payments.size).toBe(0);
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await dialog.getByText('Pague com Pix').waitFor();
    const [payment] = [...fake.payments.values()];
    expect(payment).toMatchObject({ value: 60, billingType: 'PIX', status: 'PENDING' });
    expect(fake.customers[0]).toMatchObject({ name: 'Ana Souza', cpfCnpj: '12345678909' });
    const code = await dialog.getByLabel('Pix copia e cola').inputValue();
    expect(code).toContain(payment!.id);
    await dialog.getByText('R$ 60,00', { exact: true }).waitFor();
    await dialog.getByRole('img', { name: 'QR code do Pix' }).waitFor();
    await dialog.getByText('Aguardando a confirmação do pagamento…').waitFor();
    await screenshot(page, 'billing-pix');
    await dialog.getByRole('button', { name: 'Copiar código' }).click();
    await page.getByText('Código Pix copiado').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Asaas confirms the payment with its webhook, signed with the configured token.
    const delivery = fake.pay(payment!.id);
    const response = await fetch(`${server.url}/webhooks/payments/asaas`, {
      method: 'POST',
      headers: delivery.headers as Record<string, string>,
      body: delivery.rawBody.toString(),
    });
    expect(response.status).toBe(200);
    const renewed = await server.api<{ dueDate: string }>('GET', `/companies/${companyId}`);
    expect(new Date(renewed.dueDate).getTime()).toBeGreaterThan(Date.now());

    const renewal = page
      .locator('.Toastify__toast')
      .filter({ hasText: `Sua licença foi renovada com sucesso até ${shownDate(renewed.dueDate)}!` });
    await renewal.waitFor();
    await dialog.getByText('Pagamento confirmado!').waitFor();
    // The toast slides in: the screenshot waits until it is in place.
    await renewal.evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, 'billing-renewed');
    // The table behind the dialog (hidden from the accessibility tree while it is open) marks the invoice paid.
    await page
      .getByRole('table', { name: 'Faturas', includeHidden: true })
      .getByRole('row', { includeHidden: true })
      .nth(1)
      .getByText('Pago', { exact: true })
      .waitFor();
    await page.waitForURL(/\/tickets$/, { timeout: 15_000 });
    // In without signing in again, and still in after a reload: the session says the licence is renewed.
    await page.reload();
    await page.getByRole('link', { name: 'Financeiro' }).click();
    await page.waitForURL(/\/financeiro$/);
    // The menu opened wide under the pointer: away from it, the page shows whole.
    await page.mouse.move(WIDE.width - 200, WIDE.height / 2);
    const paid = page.getByRole('table', { name: 'Faturas' }).getByRole('row').nth(1);
    await paid.getByText('Pago', { exact: true }).waitFor();
    expect(await paid.getByRole('button', { name: 'PAGO' }).isDisabled()).toBe(true);
    await screenshot(page, 'billing-invoices-paid');
    // A phone shows the invoices as cards.
    await page.setViewportSize(NARROW);
    await page.getByRole('button', { name: 'PAGO' }).waitFor();
    await screenshot(page, 'billing-invoices-narrow');
  }, 240_000);
});
