import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { NARROW, pageToken, sameSessionAt, screenshot, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

/** The customers of the campaign, as the imported spreadsheet lists them. */
const CUSTOMERS = [
  { name: 'Ana', number: '5511999990001', email: 'ana@example.com' },
  { name: 'Bruno', number: '5511999990002', email: '' },
  { name: 'Carla', number: '5511999990003', email: 'carla@example.com' },
];

/** A 1×1 PNG, the campaign's attachment. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Delivery {
  event: string;
  contact: { number: string };
  message: { body?: string; media?: { fileName: string } };
}

/**
 * The customers' side: the API channel POSTs every message it sends to its connection's webhook (plugins/channel-api),
 * so this small server sees what each number received.
 */
class CustomerPhones {
  readonly received: Delivery[] = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        this.received.push(JSON.parse(body) as Delivery);
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  messagesTo(number: string): Delivery[] {
    return this.received.filter((delivery) => delivery.event === 'message.created' && delivery.contact.number === number);
  }

  async stop(): Promise<void> {
    // The channel keeps its connections to the webhook alive: close them, or the server never stops.
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** The contact-list spreadsheet (columns name, number, email), as a user would export it from Excel. */
function customersWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['name', 'number', 'email'],
    ...CUSTOMERS.map((customer) => [customer.name, customer.number, customer.email]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Spec 3 §2.5-§2.7: an admin sets the pacing, creates a campaign to an imported list and follows it to the end. */
describe('campaigns', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  const phones = new CustomerPhones();
  let connectionName: string;
  let contactListId: number;
  let connectionId: number;

  beforeAll(async () => {
    const webhookUrl = await phones.start();
    ({ server, browser, page, api } = await startAdminSession());
    connectionName = 'Ponte SMS';
    const connection = await api<{ id: number }>('POST', '/whatsapp', {
      name: connectionName,
      channel: 'api',
      settings: { webhookUrl, webhookSecret: 'campaign-e2e-webhook-secret-0123456789' },
    });
    connectionId = connection.id;
    await eventually(async () => {
      const list = await api<{ id: number; status: string }[]>('GET', '/whatsapp');
      return list.find((entry) => entry.id === connectionId)?.status === 'CONNECTED' ? true : undefined;
    });

    // The list and its spreadsheet import (spec 3 §7 Contact lists); the API channel takes any number as valid.
    contactListId = (await api<{ id: number }>('POST', '/contact-lists', { name: 'Clientes VIP' })).id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(customersWorkbook())]), 'clientes.xlsx');
    const upload = await fetch(`${server.url}/contact-lists/${contactListId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await pageToken(page)}` },
      body: form,
    });
    expect(upload.ok).toBe(true);
    await eventually(async () => {
      const { contacts } = await api<{ contacts: { isWhatsappValid: boolean }[] }>(
        'GET',
        `/contact-list-items?contactListId=${contactListId}`,
      );
      return contacts.length === CUSTOMERS.length && contacts.every((contact) => contact.isWhatsappValid) ? true : undefined;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await phones.stop();
  });

  /** Picks an option of a select field by its label. */
  async function choose(scope: ReturnType<Page['getByRole']> | Page, label: string, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('saves the sending intervals and a custom variable', async () => {
    await page.goto(`${server.url}/campaigns-config`);
    await page.getByRole('heading', { name: 'Configurações de campanha' }).waitFor();
    // Spec 3 §9 defaults until saved.
    await page.getByRole('combobox', { name: 'Intervalo randômico de disparo' }).filter({ hasText: '20 segundos' }).waitFor();
    await choose(page, 'Intervalo randômico de disparo', 'Sem intervalo');
    await choose(page, 'Intervalo maior após', 'Não definido');
    await choose(page, 'Intervalo de disparo maior', '0 segundos');
    await page.getByLabel('Atalho').fill('loja');
    await page.getByLabel('Conteúdo').fill('Centro');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('cell', { name: '{loja}' }).waitFor();
    // Spec 3 §5: a key already present is not added twice.
    await page.getByLabel('Atalho').fill('Loja');
    await page.getByText('Já existe uma variável com este atalho').waitFor();
    expect(await page.getByRole('button', { name: 'Adicionar', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Atalho').fill('');
    await screenshot(page, 'campaigns-settings');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();

    const saved = await api<{ key: string; value: string }[]>('GET', '/campaign-settings');
    const values = Object.fromEntries(saved.map((row) => [row.key, JSON.parse(row.value)]));
    expect(values).toMatchObject({
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [{ key: 'loja', value: 'Centro' }],
    });
  });

  it('creates a campaign to the imported list, which runs and reports every valid contact delivered', async () => {
    await page.goto(`${server.url}/campaigns`);
    await page.getByText('Nenhuma campanha').waitFor();
    await page.getByRole('button', { name: 'Nova campanha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
    // Spec 3 §5: the name and a connection are required.
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').first().waitFor();

    await dialog.getByLabel(/^Nome/).fill('Black Friday');
    await choose(dialog, 'Conexões', connectionName);
    await page.keyboard.press('Escape');
    await choose(dialog, 'Lista de contatos', 'Clientes VIP');
    // The helper names the placeholders, the company's own variable included.
    await dialog.getByText('{nome}, {numero}, {email} ou as personalizadas: {loja}').waitFor();
    await dialog.getByLabel('Mensagem 1').fill('Olá {nome}, a loja {loja} espera por você!');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('oferta.png').waitFor();
    // Scheduled for this very minute: the dispatcher starts it on its next round.
    const thisMinute = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
    });
    await dialog.getByLabel('Agendamento').fill(thisMinute);
    await screenshot(page, 'campaigns-form');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Campanha salva com sucesso!').waitFor();

    // The row arrives and follows the campaign live (the 'campaign' socket event) until it finishes.
    const row = page.getByRole('row').filter({ hasText: 'Black Friday' });
    await row.filter({ hasText: 'Clientes VIP' }).filter({ hasText: connectionName }).waitFor();
    await row.filter({ hasText: 'Finalizada' }).waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain('Desabilitada');
    await screenshot(page, 'campaigns-list');

    await page.getByRole('button', { name: 'Relatório: Black Friday' }).click();
    await page.waitForURL(/\/campaign\/\d+\/report$/);
    await page.getByRole('heading', { name: 'Relatório da campanha Black Friday' }).waitFor();
    await page
      .getByRole('status', { name: 'Andamento' })
      .filter({ hasText: `${CUSTOMERS.length} de ${CUSTOMERS.length} entregues` })
      .waitFor();
    await page.getByText('Finalizada').waitFor();
    // Confirmation is off: no card for confirmations received.
    expect(await page.getByText('Confirmações recebidas').count()).toBe(0);
    await screenshot(page, 'campaigns-report');

    const campaignId = Number(/\/campaign\/(\d+)\/report/.exec(page.url())![1]);
    const campaign = await api<{ status: string; mediaName: string; report: { validContacts: number; delivered: number } }>(
      'GET',
      `/campaigns/${campaignId}`,
    );
    expect(campaign).toMatchObject({ status: 'FINALIZADA', mediaName: 'oferta.png' });
    expect(campaign.report.delivered).toBe(campaign.report.validContacts);
    for (const customer of CUSTOMERS) {
      const texts = phones.messagesTo(customer.number).map((delivery) => delivery.message.body ?? '');
      expect(texts.join('\n')).toContain(`Olá ${customer.name}, a loja Centro espera por você!`);
    }

    await page.setViewportSize(NARROW);
    await page.getByText('Contatos válidos').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'campaigns-report-390');
    await page.setViewportSize(WIDE);
  });

  it('shows a finished campaign read-only and deletes it after asking', async () => {
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole('button', { name: 'Editar campanha: Black Friday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Campanha' });
    await dialog.getByText('A campanha já começou e não pode mais ser alterada.').waitFor();
    expect(await dialog.getByLabel('Mensagem 1').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: 'Excluir campanha: Black Friday' }).click();
    await page.getByRole('dialog', { name: 'Excluir campanha?' }).getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Campanha excluída com sucesso!').waitFor();
    await page.getByText('Nenhuma campanha').waitFor();
  });

  it('stops a running campaign, changes only its messages while cancelled, and restarts it to the end', async () => {
    // 20 s between messages: the campaign runs long enough to be stopped after its first message.
    await api('POST', '/campaign-settings', { settings: { messageInterval: 20 } });
    const now = await page.evaluate(() => new Date().toISOString());
    const { id } = await api<{ id: number }>('POST', '/campaigns', {
      name: 'Natal',
      whatsappId: String(connectionId),
      contactListId,
      scheduledAt: now,
      message1: 'Feliz Natal, {nome}!',
    });
    await page.goto(`${server.url}/campaigns`);
    const row = page.getByRole('row').filter({ hasText: 'Natal' });
    await row.filter({ hasText: 'Em Andamento' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Reiniciar campanha: Natal' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Parar campanha: Natal' }).click();
    await page.getByText('Campanha interrompida').waitFor();
    await row.filter({ hasText: 'Cancelada' }).waitFor();

    // Spec 3 §4: cancelled, only the messages stay open, and saving sends only them.
    await page.getByRole('button', { name: 'Editar campanha: Natal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Campanha' });
    await dialog.getByText('A campanha foi cancelada: só as mensagens podem ser alteradas antes de reiniciá-la.').waitFor();
    expect(await dialog.getByLabel(/^Nome/).isDisabled()).toBe(true);
    await dialog.getByLabel('Mensagem 1').fill('Boas festas, {nome}!');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api<{ message1: string }>('GET', `/campaigns/${id}`)).message1).toBe('Boas festas, {nome}!');

    // The report, open in a second window, follows the restart live to the end.
    const reportPage = await sameSessionAt(page, browser, WIDE);
    await reportPage.goto(`${server.url}/campaign/${id}/report`);
    await reportPage.getByRole('status', { name: 'Andamento' }).waitFor();
    await reportPage.getByText('Cancelada').waitFor();
    await api('POST', '/campaign-settings', { settings: { messageInterval: 0 } });
    await page.getByRole('button', { name: 'Reiniciar campanha: Natal' }).click();
    await page.getByText('Campanha reiniciada').waitFor();
    await row.filter({ hasText: 'Finalizada' }).waitFor({ timeout: 30_000 });
    await reportPage
      .getByRole('status', { name: 'Andamento' })
      .filter({ hasText: `${CUSTOMERS.length} de ${CUSTOMERS.length} entregues` })
      .waitFor();
    await reportPage.getByText('Finalizada').waitFor();
    await reportPage.context().close();
    const { report } = await api<{ report: { validContacts: number; delivered: number } }>('GET', `/campaigns/${id}`);
    expect(report).toMatchObject({ validContacts: CUSTOMERS.length, delivered: CUSTOMERS.length });
  });

  it("refuses the campaign pages when the company's plan has no campaigns", async () => {
    const { companyId } = await api<{ companyId: number }>('GET', '/auth/me');
    const { plan } = await api<{ plan: { id: number } }>('GET', `/companies/listPlan/${companyId}`);
    await api('PUT', `/plans/${plan.id}`, { useCampaigns: false });
    try {
      for (const path of ['/campaigns', '/campaign/1/report', '/campaigns-config']) {
        await page.goto(`${server.url}${path}`);
        await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
        await page.waitForURL((url) => !url.pathname.startsWith('/campaign'));
      }
    } finally {
      await api('PUT', `/plans/${plan.id}`, { useCampaigns: true });
    }
  });
});
