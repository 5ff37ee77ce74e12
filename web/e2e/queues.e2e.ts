import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { NARROW, screenshot, WIDE } from './support/browser.js';
import {
  addChatbotOption,
  createQueueThroughUi,
  deleteChatbotOption,
  deleteQueueThroughUi,
  editChatbotOption,
  expandOption,
  fillAndSaveOption,
  fillQueueData,
  openDataTab,
  openHoursTab,
  openNewQueueDialog,
  openQueueForEdit,
  openQueuesPage,
  optionEditor,
  optionRow,
  saveQueueDialog,
  setServiceHour,
  submitQueueDialog,
} from './support/queues-ui.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

interface SavedOption {
  id: number;
  name: string;
  greetingMessage: string;
  queueType: string;
  optQueueId: number | null;
  options: SavedOption[];
}
interface SavedQueue {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  schedules: { weekdayEn: string; startTimeA: string; endTimeA: string; startTimeB: string; endTimeB: string }[];
  chatbots: SavedOption[];
}

const VENDAS_COLOR = '#d32f2f';

describe('queues screen with the chatbot editor', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  const queueNamed = async (name: string) => (await api<SavedQueue[]>('GET', '/queue')).find((queue) => queue.name === name);

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a queue with a two-option chatbot menu and a nested level, checking the form rules on the way', async () => {
    await openQueuesPage(page, server.url);
    await page.getByText('Nenhuma fila cadastrada').waitFor();

    const dialog = await openNewQueueDialog(page);
    await fillQueueData(dialog, { name: '' });
    await submitQueueDialog(dialog);
    await dialog.getByText('Obrigatório', { exact: true }).waitFor();
    await fillQueueData(dialog, { name: 'V' });
    await dialog.getByText('Muito curto!', { exact: true }).waitFor();

    await fillQueueData(dialog, {
      name: 'Vendas',
      color: VENDAS_COLOR,
      paletteColor: true,
      orderQueue: '1',
      greetingMessage: 'Bem-vindo ao setor de vendas',
    });
    expect(await dialog.getByRole('radio', { name: `Cor ${VENDAS_COLOR}` }).getAttribute('aria-checked')).toBe('true');

    // An option with no name is not saved; a short name is refused with the spec's text.
    await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click();
    await optionEditor(dialog).getByRole('button', { name: 'Salvar opção' }).click();
    await optionEditor(dialog).waitFor();
    await fillAndSaveOption(dialog, { name: 'Orç' });
    await optionEditor(dialog).getByText('too short', { exact: true }).waitFor();
    await fillAndSaveOption(dialog, { name: 'Orçamentos', message: 'Escolha o tipo de orçamento' });
    await optionEditor(dialog).waitFor({ state: 'detached' });
    await addChatbotOption(dialog, { name: 'Pedidos', message: 'Informe o número do pedido' });
    await addChatbotOption(dialog, { name: 'Atacado' }, 'Orçamentos');
    await optionRow(dialog, 1, 'Orçamentos').waitFor();
    await optionRow(dialog, 2, 'Pedidos').waitFor();
    await optionRow(dialog, 1, 'Atacado').waitFor();

    // Atacado is alone on its level, so it is open already (spec 2 §5); it has no message yet, so its next level
    // cannot be added.
    expect(await dialog.getByRole('button', { name: 'Recolher: Atacado' }).getAttribute('aria-expanded')).toBe('true');
    await dialog.getByText('Escreva a mensagem da opção para adicionar o próximo nível.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Adicionar opção em Atacado' }).isDisabled()).toBe(true);

    await saveQueueDialog(dialog);
    await page.getByText('Fila salva com sucesso!').first().waitFor();
    await page.getByRole('cell', { name: 'Vendas', exact: true }).waitFor();

    const saved = await queueNamed('Vendas');
    expect(saved).toMatchObject({ color: VENDAS_COLOR, orderQueue: 1, greetingMessage: 'Bem-vindo ao setor de vendas' });
    expect(saved!.chatbots.map((option) => [option.name, option.greetingMessage])).toEqual([
      ['Orçamentos', 'Escolha o tipo de orçamento'],
      ['Pedidos', 'Informe o número do pedido'],
    ]);
    expect(saved!.chatbots[0].options.map((option) => option.name)).toEqual(['Atacado']);
    expect(saved!.schedules.find((entry) => entry.weekdayEn === 'monday')).toMatchObject({ startTimeA: '08:00', endTimeB: '18:00' });
  });

  it('creates a second queue with a custom colour and lists both in order', async () => {
    await createQueueThroughUi(page, { name: 'Suporte', color: '#123abc', orderQueue: '2', greetingMessage: 'Suporte técnico' });
    const rows = page.getByRole('row');
    await page.getByRole('cell', { name: 'Suporte', exact: true }).waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('Nome'),
      expect.stringContaining('Vendas'),
      expect.stringContaining('Suporte'),
    ]);
    expect((await queueNamed('Suporte'))?.color).toBe('#123abc');
  });

  it('reopens a queue, shows its options and saves edited service hours', async () => {
    const dialog = await openQueueForEdit(page, 'Vendas');
    expect(await dialog.getByLabel('Nome', { exact: true }).inputValue()).toBe('Vendas');
    await optionRow(dialog, 1, 'Orçamentos').waitFor();
    await optionRow(dialog, 2, 'Pedidos').waitFor();
    await expandOption(dialog, 'Orçamentos');
    await optionRow(dialog, 1, 'Atacado').waitFor();
    // An option that hands the conversation to another queue names it.
    await editChatbotOption(dialog, 'Pedidos', { name: 'Pedidos', type: 'Fila', target: 'Suporte' });
    await dialog.getByRole('button', { name: 'Editar opção: Pedidos' }).waitFor();
    // An option added by mistake is deleted after the confirmation and is not saved.
    await addChatbotOption(dialog, { name: 'Trocas e devoluções', message: 'Qual pedido?' });
    await optionRow(dialog, 3, 'Trocas e devoluções').waitFor();
    await deleteChatbotOption(dialog, 'Trocas e devoluções');
    await optionRow(dialog, 3, 'Trocas e devoluções').waitFor({ state: 'detached' });

    await openHoursTab(dialog);
    expect(await dialog.getByLabel('Segunda-feira Hora inicial 1', { exact: true }).inputValue()).toBe('08:00');
    await setServiceHour(dialog, 'Segunda-feira', 'Hora final 2', '17:00');
    await setServiceHour(dialog, 'Domingo', 'Hora inicial 1', '');
    await dialog.getByText('Preencha o início e o fim').waitFor();
    await setServiceHour(dialog, 'Domingo', 'Hora final 1', '');
    await setServiceHour(dialog, 'Domingo', 'Hora inicial 2', '');
    await setServiceHour(dialog, 'Domingo', 'Hora final 2', '');
    await openDataTab(dialog);
    await optionRow(dialog, 2, 'Pedidos').waitFor();
    await saveQueueDialog(dialog);

    const saved = await eventually(async () => {
      const queue = await queueNamed('Vendas');
      return queue?.schedules.find((entry) => entry.weekdayEn === 'monday')?.endTimeB === '17:00' ? queue : undefined;
    });
    expect(saved.schedules.find((entry) => entry.weekdayEn === 'sunday')).toMatchObject({
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    });
    // The option tree survives an edit of the queue, with the changed option.
    expect(saved.chatbots.map((option) => option.name)).toEqual(['Orçamentos', 'Pedidos']);
    const suporte = await queueNamed('Suporte');
    expect(saved.chatbots[1]).toMatchObject({ queueType: 'queue', optQueueId: suporte!.id });
    expect(saved.chatbots[0].options.map((option) => option.name)).toEqual(['Atacado']);
  });

  it('refuses a colour another queue uses, with the translated error', async () => {
    const dialog = await openNewQueueDialog(page);
    await fillQueueData(dialog, { name: 'Financeiro', color: VENDAS_COLOR, paletteColor: true });
    await submitQueueDialog(dialog);
    await dialog.getByText('Esta cor já está em uso, escolha outra.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await queueNamed('Financeiro')).toBeUndefined();
  });

  it('shows a queue created elsewhere without reloading, and fits 1280 and 390 px', async () => {
    await api('POST', '/queue', { name: 'Cobrança', color: '#00796b', orderQueue: 3, greetingMessage: 'Cobranças e boletos' });
    await page.getByRole('cell', { name: 'Cobrança', exact: true }).waitFor();
    await screenshot(page, 'queues-list-1280');
    const dialog = await openQueueForEdit(page, 'Vendas');
    await expandOption(dialog, 'Orçamentos');
    await screenshot(page, 'queues-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize(NARROW);
    await page.getByText('Cobranças e boletos').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'queues-list-390');
    const narrowDialog = await openQueueForEdit(page, 'Vendas');
    await openHoursTab(narrowDialog);
    await screenshot(page, 'queues-hours-390');
    await narrowDialog.getByRole('button', { name: 'Cancelar' }).click();
    await narrowDialog.waitFor({ state: 'detached' });
    await page.setViewportSize(WIDE);
  });

  it('deletes a queue only after the confirmation', async () => {
    await page.getByRole('button', { name: 'Excluir fila: Suporte' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir a fila Suporte?' });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await queueNamed('Suporte')).toBeDefined();

    await deleteQueueThroughUi(page, 'Suporte');
    await page.getByText('Fila excluída com sucesso!').first().waitFor();
    await page.getByRole('cell', { name: 'Suporte', exact: true }).waitFor({ state: 'detached' });
    expect(await queueNamed('Suporte')).toBeUndefined();
    expect((await api<SavedQueue[]>('GET', '/queue')).map((queue) => queue.name)).toEqual(['Vendas', 'Cobrança']);
  });
});
