import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { NARROW, newContext, screenshot, WIDE } from './support/browser.js';
import { chooseInSelect, openQueueForEdit, openQueuesPage, saveQueueDialog } from './support/queues-ui.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

/** An input of a dialog by its label, which MUI follows with an asterisk when the field is required. */
function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}[\\s*]*$`));
}

/** The published Typebot flow the stand-in knows; any other public id is "not found", as Typebot answers. */
const SLUG = 'atendimento-loja';
const INSTRUCTIONS = 'Você é o assistente da Loja Exemplo: responda dúvidas sobre pedidos, prazos de entrega e trocas com educação.';

/** A stand-in for a Typebot server: startChat of the known flow answers one bubble (docs.typebot.io/api-reference). */
async function startTypebotStandIn(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const known = request.method === 'POST' && request.url === `/api/v1/typebots/${SLUG}/startChat`;
    response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        known
          ? { sessionId: 'session-1', messages: [{ id: 'b1', type: 'text', content: { type: 'markdown', markdown: 'Olá!' } }] }
          : { message: 'Typebot not found' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

interface SavedIntegration {
  id: number;
  type: string;
  name: string;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
}

/**
 * Issue 15's screens (spec 3 §2.11, §2.12): the admin creates a Typebot integration (tested against a stand-in of
 * Typebot) and an AI prompt in the UI, and sets them on queues with the pickers, which search the whole list.
 */
describe('queue integrations and AI prompts screens', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let typebot: { url: string; server: Server };
  const queues: Record<string, number> = {};

  beforeAll(async () => {
    [{ server, browser, page, api }, typebot] = await Promise.all([startAdminSession(), startTypebotStandIn()]);
    for (const [name, color] of [
      ['Vendas', '#1565c0'],
      ['Suporte', '#2e7d32'],
    ])
      queues[name] = (await api<{ id: number }>('POST', '/queue', { name, color, greetingMessage: `Setor ${name}` })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    typebot?.server.close();
  });

  async function integrationDialog(name: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name });
    await field(dialog, 'Nome').waitFor();
    return dialog;
  }

  it('creates a Typebot integration in the dialog built from its plugin, checked by the Test button', async () => {
    await page.goto(`${server.url}/queue-integration`);
    await page.getByRole('heading', { name: /Integrações/ }).waitFor();
    await page.getByText('Nenhuma integração encontrada').waitFor();

    await page.getByRole('button', { name: 'Adicionar integração' }).click();
    const dialog = await integrationDialog('Adicionar integração');
    // The loaded integration plugins are the types, the prompts' one (OpenAI) aside; Typebot brings its fields.
    await dialog.getByRole('combobox', { name: /^Tipo/ }).click();
    const types = await page.getByRole('option').allInnerTexts();
    expect(types).toContain('Typebot');
    expect(types).not.toContain('OpenAI');
    await page.getByRole('option', { name: 'Typebot', exact: true }).click();
    expect(await dialog.getByLabel('Expira em (minutos)').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Intervalo entre mensagens (ms)').inputValue()).toBe('1000');

    // Spec 3 §5: the name, the URL and the slug are required; the name is 2 to 50.
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await screenshot(page, 'integrations-dialog-required-1280');
    for (const input of ['queue-integration-name', 'settings-urlN8N', 'settings-typebotSlug'])
      expect(await dialog.locator(`#${input}-helper-text`).innerText()).toBe('Obrigatório');
    await field(dialog, 'Nome').fill('B');
    await dialog.getByText('Muito curto!').waitFor();

    await field(dialog, 'Nome').fill('Bot da loja');
    await dialog.getByLabel('URL *').fill(typebot.url);
    await dialog.getByLabel('Nome do fluxo (slug) *').fill('fluxo-errado');
    await dialog.getByLabel('Palavra para finalizar').fill('sair');
    // The test reaches the stand-in: an unknown flow is refused with Typebot's words, the right one answers.
    await dialog.getByRole('button', { name: 'Testar' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Typebot not found' }).waitFor();
    await dialog.getByLabel('Nome do fluxo (slug) *').fill(SLUG);
    await dialog.getByRole('button', { name: 'Testar' }).click();
    await dialog.getByRole('status').filter({ hasText: 'A integração respondeu.' }).waitFor();
    await screenshot(page, 'integrations-dialog-1280');

    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Integração salva com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Bot da loja/ });
    await row.waitFor();
    const saved = await eventually(async () =>
      (await api<{ queueIntegrations: SavedIntegration[] }>('GET', '/queueIntegration')).queueIntegrations.find(
        (integration) => integration.name === 'Bot da loja',
      ),
    );
    expect(saved).toMatchObject({
      type: 'typebot',
      urlN8N: typebot.url,
      typebotSlug: SLUG,
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: 'sair',
    });
    // The row: the type's logo, the id and the name.
    expect(await row.getByRole('cell').first().locator('svg title').textContent()).toBe('Typebot');
    expect(await row.getByRole('cell').nth(1).innerText()).toBe(String(saved.id));
  });

  it('lists integrations created elsewhere live, searches them and asks before deleting one by its name', async () => {
    // More than a page (50) of integrations: the list and the pickers must reach past the first page.
    for (let index = 1; index <= 55; index++) {
      await api('POST', '/queueIntegration', {
        type: 'typebot',
        name: `Fluxo ${String(index).padStart(2, '0')}`,
        urlN8N: typebot.url,
        typebotSlug: SLUG,
      });
    }
    await page.getByRole('heading', { name: /Integrações\s*\(56\)/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Pesquisar integrações' }).fill('fluxo 55');
    await eventually(async () => ((await page.getByRole('row').count()) === 2 ? true : undefined));
    await page.getByRole('row', { name: /Fluxo 55/ }).waitFor();

    await page.getByRole('button', { name: 'Excluir integração: Fluxo 55' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Excluir a integração Fluxo 55?' });
    await confirmation.getByRole('button', { name: 'Sim', exact: true }).click();
    await page.getByText('Integração excluída com sucesso!').first().waitFor();
    await page.getByText('Nenhuma integração encontrada').waitFor();
    await page.getByRole('searchbox', { name: 'Pesquisar integrações' }).fill('');
    await page.getByRole('heading', { name: /Integrações\s*\(55\)/ }).waitFor();
    await screenshot(page, 'integrations-list-1280');
  });

  it("creates an AI prompt: 'Informe o setor' without a queue, the schema's rules, the key masked until shown", async () => {
    await page.goto(`${server.url}/prompts`);
    await page.getByRole('heading', { name: /Prompts/ }).waitFor();
    await page.getByRole('button', { name: 'Adicionar prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar prompt' });
    await field(dialog, 'Nome').waitFor();
    // Spec 3 §9 defaults and text mode.
    expect(await field(dialog, 'Temperatura').inputValue()).toBe('1');
    expect(await field(dialog, 'Máximo de tokens na resposta').inputValue()).toBe('100');
    expect(await field(dialog, 'Máximo de mensagens no histórico').inputValue()).toBe('10');
    // The voices come with the prompt plugin's description: the default's name shows once it has loaded.
    await dialog
      .getByRole('combobox', { name: /^Voz/ })
      .filter({ hasText: /^Texto$/ })
      .waitFor();

    await field(dialog, 'Nome').fill('Loja');
    await field(dialog, 'Prompt').fill('Responda.');
    const key = field(dialog, 'Chave da API');
    await key.fill('sk-test-123');
    expect(await key.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Mostrar: Chave da API' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Informe o setor').waitFor();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByText('Descreva o treinamento para Inteligência Artificial').waitFor();

    await field(dialog, 'Nome').fill('Assistente da loja');
    await field(dialog, 'Prompt').fill(INSTRUCTIONS);
    await chooseInSelect(dialog, 'Fila', 'Suporte');
    await dialog.getByRole('combobox', { name: /^Voz/ }).click();
    // Text mode and the 15 voices of spec 3 §3.
    expect(await page.getByRole('option').count()).toBe(16);
    await page.getByRole('option', { name: 'Francisca', exact: true }).click();
    await screenshot(page, 'prompts-dialog-1280');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Prompt salvo com sucesso!').first().waitFor();
    const row = page.getByRole('row', { name: /Assistente da loja/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Assistente da loja\s+Suporte\s+100/);

    const { prompts } = await api<{ prompts: { name: string; queueId: number; voice: string; apiKey: string }[] }>('GET', '/prompt');
    expect(prompts).toEqual([expect.objectContaining({ name: 'Assistente da loja', queueId: queues.Suporte, voice: 'Francisca' })]);
    // The key is answered masked, and editing the prompt keeps it while it shows the mask.
    expect(prompts[0].apiKey).not.toContain('sk-test');
    await page.getByRole('button', { name: 'Editar prompt: Assistente da loja' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar prompt' });
    await field(edit, 'Máximo de tokens na resposta').fill('250');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await row.getByRole('cell', { name: '250' }).waitFor();
    await screenshot(page, 'prompts-list-1280');
  });

  it('sets the integration and the prompt on queues with pickers that search past the first page', async () => {
    await openQueuesPage(page, server.url);
    const vendas = await openQueueForEdit(page, 'Vendas');
    const integration = vendas.getByRole('combobox', { name: 'Integração' });
    // Typed: the server searches the whole list, so the 54th integration by name is offered.
    await integration.fill('Fluxo 54');
    await page.getByRole('option', { name: 'Fluxo 54', exact: true }).click();
    expect(await integration.inputValue()).toBe('Fluxo 54');
    await integration.fill('');
    await integration.fill('bot da');
    await page.getByRole('option', { name: 'Bot da loja', exact: true }).click();
    await screenshot(page, 'integrations-queue-picker-1280');
    await saveQueueDialog(vendas);

    const suporte = await openQueueForEdit(page, 'Suporte');
    await suporte.getByRole('combobox', { name: 'Prompt' }).fill('assistente');
    await page.getByRole('option', { name: 'Assistente da loja', exact: true }).click();
    await saveQueueDialog(suporte);

    const botOf = async (name: string) => api<{ integrationId: number | null; promptId: number | null }>('GET', `/queue/${queues[name]}`);
    const { queueIntegrations } = await api<{ queueIntegrations: SavedIntegration[] }>('GET', '/queueIntegration?searchParam=bot');
    const { prompts } = await api<{ prompts: { id: number }[] }>('GET', '/prompt');
    await eventually(async () => ((await botOf('Vendas')).integrationId === queueIntegrations[0].id ? true : undefined));
    await eventually(async () => ((await botOf('Suporte')).promptId === prompts[0].id ? true : undefined));

    // Reopened, the queue names its integration (read by id, whatever page it is on).
    const reopened = await openQueueForEdit(page, 'Vendas');
    await eventually(async () =>
      (await reopened.getByRole('combobox', { name: 'Integração' }).inputValue()) === 'Bot da loja' ? true : undefined,
    );
    await reopened.getByRole('button', { name: 'Cancelar' }).click();
  });

  it("hands a visitor reaching the queue to its Typebot, whose message shows in the agent's ticket", async () => {
    // Created as the signed-in admin: another sign-in (the server helper's) would end the page's session.
    const connection = await api<{ id: number; publicId: string }>('POST', '/whatsapp', {
      name: 'Site',
      channel: 'webchat',
      queueIds: [queues.Vendas],
    });
    await eventually(async () =>
      (await api<{ id: number; status: string }[]>('GET', '/whatsapp')).find((entry) => entry.id === connection.id)?.status === 'CONNECTED'
        ? true
        : undefined,
    );
    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(`${server.url}/widget/${connection.publicId}`);
    await visitor.locator('#wc-name').fill('Renata Cliente');
    await visitor.locator('#wc-start').click();
    const visitorWrites = async (text: string) => {
      await visitor.locator('#wc-input').fill(text);
      await visitor.locator('#wc-send').click();
    };
    // The connection's one queue takes the ticket at once (sendGreetingMessageOneQueues, on by default), and Vendas
    // hands it to the Typebot stand-in, whose flow starts with 'Olá!'.
    await visitorWrites('Oi');
    await visitor.locator('#wc-messages li.wc-agent', { hasText: 'Olá!' }).waitFor({ timeout: 15_000 });
    await screenshot(visitor, 'integrations-widget-bot');

    const ticket = await eventually(async () => {
      const { tickets } = await api<{ tickets: { uuid: string; contact: { name: string } }[] }>(
        'GET',
        '/tickets?status=pending&showAll=true',
      );
      return tickets.find((candidate) => candidate.contact.name === 'Renata Cliente');
    });
    // The agent opens the waiting ticket (by its uuid, as the app addresses tickets) and reads the bot's message.
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByText('Olá!', { exact: true }).first().waitFor();
    await screenshot(page, 'integrations-ticket-bot-1280');
  });

  it('fits a phone', async () => {
    await page.setViewportSize(NARROW);
    await page.goto(`${server.url}/queue-integration`);
    await page.getByText('Bot da loja').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'integrations-list-390');
    await page.goto(`${server.url}/prompts`);
    await page.getByText('Assistente da loja').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'prompts-list-390');
    await page.setViewportSize(WIDE);
  });
});
