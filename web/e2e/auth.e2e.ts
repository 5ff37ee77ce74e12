import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, NARROW, newContext, screenshot, signIn, WIDE } from './support/browser.js';
import { connectionConnected, startE2eServer, type E2eServer } from './support/server.js';

const DAY_MS = 86_400_000;

describe('public pages: login, sign-up, password recovery, expired subscription', () => {
  let server: E2eServer;
  let browser: Browser;
  let planId: number;
  const contexts: BrowserContext[] = [];

  async function openPage(viewport = WIDE): Promise<Page> {
    const context = await newContext(browser, viewport);
    contexts.push(context);
    return context.newPage();
  }

  /** A company with its first admin (the company e-mail), due on the given date. */
  async function companyDueOn(name: string, dueDate: Date) {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}@e2e.test`;
    const company = await server.api<{ id: number }>('POST', '/companies', { name, email, planId, password: 'Senha-123', dueDate });
    return { id: company.id, email, password: 'Senha-123' };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    const plan = await server.api<{ id: number }>('POST', '/plans', {
      name: 'Plano Público E2E',
      users: 3,
      connections: 2,
      queues: 3,
      amount: 49.9,
      isPublic: true,
    });
    planId = plan.id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the login failure toast for wrong credentials and the field rules before sending', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Email é obrigatório').waitFor();
    await page.getByText('Senha é obrigatória').waitFor();

    await page.getByLabel('E-mail', { exact: true }).fill('ninguem@e2e.test');
    await page.getByLabel('Senha', { exact: true }).fill('errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Erro ao fazer login. Verifique suas credenciais.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('link', { name: 'Esqueci a senha' }).click();
    await page.waitForURL(/\/recovery-password$/);
  });

  it('signs up on a public plan, then the new admin signs in to /tickets', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/signup$/);

    // The rules show before anything is sent.
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('Nome é obrigatório').waitFor();
    await page.getByText('Telefone é obrigatório').waitFor();
    await page.getByText('Você deve aceitar os termos para continuar').waitFor();

    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana Souza');
    await page.getByRole('textbox', { name: 'Nome da empresa' }).fill('Loja da Ana');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ana@loja.test');
    // Required fields' labels end in ' *'.
    const password = page.getByLabel(/^Senha/);
    await password.fill('abcdefgh');
    await page.getByText('Força da senha: Média').waitFor();
    await password.fill('Abcdefgh1');
    await page.getByText('Força da senha: Forte').waitFor();
    const phone = page.getByRole('textbox', { name: /Telefone/ });
    await phone.fill('(11) 98765-432');
    await phone.blur();
    await page.getByText('Digite o número completo com 11 dígitos (apenas números).').waitFor();
    await phone.fill('11987654321');
    await page.getByRole('combobox', { name: /Plano/ }).click();
    await page.getByRole('option', { name: /Plano Público E2E/ }).click();
    await page.getByRole('checkbox', { name: /termos de uso/ }).check();

    const sent = page.waitForRequest((request) => request.url().endsWith('/auth/signup'));
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ phone: '5511987654321', planId, termo: true, companyName: 'Loja da Ana' });
    await page.getByText('Cadastro realizado com sucesso!').waitFor();
    await page.waitForURL(/\/login$/);

    await signIn(page, server.url, 'ana@loja.test', 'Abcdefgh1');
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets/);
  });

  it('tells why a sign-up is refused: the e-mail already exists', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/signup`);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Outra Ana');
    await page.getByRole('textbox', { name: 'Nome da empresa' }).fill('Outra Loja');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ana@loja.test');
    await page.getByLabel(/^Senha/).fill('Abcdefgh1');
    await page.getByRole('textbox', { name: /Telefone/ }).fill('11987654322');
    await page.getByRole('combobox', { name: /Plano/ }).click();
    await page.getByRole('option', { name: /Plano Público E2E/ }).click();
    await page.getByRole('checkbox', { name: /termos de uso/ }).check();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Já existe um usuário com este e-mail.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('sends a user of an expired company to /financeiro-aberto with the due date, and logs out', async () => {
    const company = await companyDueOn('Empresa Vencida', new Date('2026-01-10T12:00:00Z'));
    const page = await openPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(company.email);
    await page.getByLabel('Senha', { exact: true }).fill(company.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/financeiro-aberto$/);
    await page.getByText('Opss! Sua assinatura venceu em 10/01/2026. Entre em contato com o suporte para mais informações!').waitFor();
    await screenshot(page, 'auth-expired-wide');

    // Renewed meanwhile (PUT /companies/:id): the page offers the way back.
    await server.api('PUT', `/companies/${company.id}`, { dueDate: new Date(Date.now() + 30 * DAY_MS) });
    await page.reload();
    await page.getByRole('button', { name: 'Ir para os atendimentos' }).waitFor();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/login$/);
  });

  it('warns at sign-in when fewer than 5 days are left', async () => {
    const company = await companyDueOn('Empresa Quase Vencida', new Date(Date.now() + 3 * DAY_MS + 60_000));
    const page = await openPage();
    await signIn(page, server.url, company.email, company.password);
    await page.getByText('Sua assinatura vence em 3 dias.').waitFor();
  });

  it('recovery step 1 says when recovery is unavailable, then sends through the default connection; 3 wrong codes lead to /login', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/recovery-password`);
    const number = page.getByRole('textbox', { name: /Número do WhatsApp/ });
    await number.fill('119876');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Por favor, insira um número de WhatsApp válido').waitFor();

    // A fresh server: the super company has no default connection yet (503 ERR_NO_DEF_WAPP_FOUND).
    await number.fill('11912345678');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('A recuperação de senha está indisponível no momento. Entre em contato com o suporte.').waitFor();

    // A connected default connection of the super company; the server answers alike for unknown numbers.
    const connection = await server.api<{ id: number }>('POST', '/whatsapp', { name: 'Suporte', channel: 'webchat', isDefault: true });
    await connectionConnected(server, connection.id);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/enviar-email'));
    await page.getByRole('button', { name: 'Enviar código' }).click();
    expect((await sent).postDataJSON()).toEqual({ wpp: '5511912345678' });
    await page.getByText('Código de verificação enviado com sucesso!').waitFor();

    const code = page.getByRole('textbox', { name: /Código de verificação/ });
    for (const attempt of [1, 2]) {
      await code.fill(`00000${attempt}`);
      await page.getByRole('button', { name: 'Verificar código' }).click();
      await page.getByText(attempt === 1 ? 'Restam 2 tentativas.' : 'Resta 1 tentativa.').waitFor();
    }
    await code.fill('000003');
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByText('Tentativas excedidas. Redirecionando para login').waitFor();
    const redirectedAt = Date.now();
    await page.waitForURL(/\/login$/);
    expect(Date.now() - redirectedAt).toBeGreaterThan(2000);
  });

  it('recovery steps 2 and 3 succeed with the right code', async () => {
    const page = await openPage();
    // The code travels through WhatsApp, which a test cannot read: the two calls after sending are intercepted here
    // (the server's own verification and reset are covered by core's auth tests).
    await page.route('**/api/verificar-code/**', (route) =>
      route.fulfill({ json: { message: 'Código validado com sucesso', valid: true, userId: 7, token: 'reset-token' } }),
    );
    let resetBody: unknown;
    await page.route('**/api/atualizar-senha', (route) => {
      resetBody = route.request().postDataJSON();
      return route.fulfill({ json: { message: 'Senha atualizada com sucesso!' } });
    });
    await page.goto(`${server.url}/recovery-password`);
    await page.getByRole('textbox', { name: /Número do WhatsApp/ }).fill('11912345678');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByRole('textbox', { name: /Código de verificação/ }).fill('123456');
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByText('Código validado com sucesso').waitFor();

    const password = page.getByLabel('Nova senha', { exact: true });
    await password.fill('12345');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('A senha deve ter pelo menos 6 caracteres').waitFor();
    await password.fill('Nova-senha-1');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha atualizada com sucesso!').waitFor();
    expect(resetBody).toEqual({ userId: 7, token: 'reset-token', newPassword: 'Nova-senha-1' });
    await page.waitForURL(/\/login$/);
  });

  it('lays the pages out at 1280 and 390 px', async () => {
    for (const [size, viewport] of [
      ['wide', WIDE],
      ['narrow', NARROW],
    ] as const) {
      const page = await openPage(viewport);
      for (const [name, route, heading] of [
        ['login', '/login', 'Entrar'],
        ['signup', '/signup', 'Criar conta'],
        ['recovery', '/recovery-password', 'Recuperar senha'],
      ] as const) {
        await page.goto(`${server.url}${route}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        const carousel = page.getByRole('region', { name: 'Destaques do produto' });
        if (name !== 'login') expect(await carousel.isVisible()).toBe(size === 'wide');
        // Nothing sticks out sideways at 390 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `auth-${name}-${size}`);
      }
    }
    // The dark scheme, chosen on the page itself and kept for the next visit.
    const page = await openPage(WIDE);
    await page.goto(`${server.url}/signup`);
    await page.getByRole('button', { name: 'Ativar modo escuro' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Ativar modo claro' }).waitFor();
    await screenshot(page, 'auth-signup-wide-dark');
  });
});
