import type { Locator, Page } from 'playwright-core';

/**
 * Steps on the /queues screen in pt-BR (the queue dialog, its chatbot editor and its hours tab), small enough to be
 * reused by other browser tests that need queues set up through the UI.
 */

export interface QueueData {
  name?: string;
  /** A palette colour (#rrggbb from the 49) is clicked; anything else is typed in the custom field. */
  color?: string;
  paletteColor?: boolean;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  orderQueue?: string;
}

export interface ChatbotOptionData {
  name: string;
  message?: string;
  /** The type's label, e.g. 'Texto', 'Fila', 'Atendente'. */
  type?: string;
  /** The label of the target to choose for the type (a queue's name, a user's name...). */
  target?: string;
}

export async function openQueuesPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/queues`);
  await page.getByRole('heading', { name: /Filas & Chatbot/ }).waitFor();
}

/** The add button of the page; answers the open dialog. */
export async function openNewQueueDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
  await dialog.getByLabel('Nome', { exact: true }).waitFor();
  return dialog;
}

/** The edit button of a queue's row; answers the dialog once the saved queue is loaded. */
export async function openQueueForEdit(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Editar fila: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar fila' });
  await dialog.getByLabel('Nome', { exact: true }).waitFor();
  return dialog;
}

export async function fillQueueData(dialog: Locator, data: QueueData): Promise<void> {
  if (data.name !== undefined) await dialog.getByLabel('Nome', { exact: true }).fill(data.name);
  if (data.color !== undefined) {
    if (data.paletteColor) await dialog.getByRole('radio', { name: `Cor ${data.color}` }).click();
    else await dialog.getByLabel('Cor personalizada').fill(data.color);
  }
  if (data.orderQueue !== undefined) await dialog.getByLabel('Ordem da fila (bot)').fill(data.orderQueue);
  if (data.greetingMessage !== undefined) await dialog.getByLabel('Mensagem de saudação').fill(data.greetingMessage);
  if (data.outOfHoursMessage !== undefined) await dialog.getByLabel('Mensagem de fora de expediente').fill(data.outOfHoursMessage);
}

/** Picks an entry of one of the dialog's selects (MUI: the combobox opens a listbox outside the dialog). */
export async function chooseInSelect(dialog: Locator, label: string, entry: string): Promise<void> {
  // MUI names the combobox by its label followed by the shown value.
  await dialog.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( |$)`) }).click();
  await dialog.page().getByRole('option', { name: entry, exact: true }).click();
  await dialog.page().getByRole('listbox').waitFor({ state: 'detached' });
}

/** The open option editor of the chatbot menu. */
export function optionEditor(dialog: Locator): Locator {
  return dialog.getByRole('group', { name: 'Opção do chatbot' });
}

/** Fills the open option editor and clicks its save button (the editor closes when the option is valid). */
export async function fillAndSaveOption(dialog: Locator, option: ChatbotOptionData): Promise<void> {
  const editor = optionEditor(dialog);
  await editor.getByLabel('Nome da opção').fill(option.name);
  if (option.message !== undefined) await editor.getByLabel('Mensagem da opção').fill(option.message);
  if (option.type) await chooseInSelect(editor, 'Tipo', option.type);
  if (option.type && option.target) await chooseInSelect(editor, option.type, option.target);
  await editor.getByRole('button', { name: 'Salvar opção' }).click();
}

/** Opens an option's next level (when closed) so its nested options and its add button show. */
export async function expandOption(dialog: Locator, name: string): Promise<void> {
  const toggle = dialog.getByRole('button', { name: new RegExp(`^(Expandir|Recolher): ${escapeRegExp(name)}$`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Adds an option at the top level, or under `parent` (an option already in the menu). */
export async function addChatbotOption(dialog: Locator, option: ChatbotOptionData, parent?: string): Promise<void> {
  if (parent) {
    await expandOption(dialog, parent);
    await dialog.getByRole('button', { name: `Adicionar opção em ${parent}` }).click();
  } else {
    await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click();
  }
  await fillAndSaveOption(dialog, option);
  await optionEditor(dialog).waitFor({ state: 'detached' });
}

/** Opens an option of the menu (at any level already shown) in the editor, changes it and saves it. */
export async function editChatbotOption(dialog: Locator, name: string, changes: ChatbotOptionData): Promise<void> {
  await dialog.getByRole('button', { name: `Editar opção: ${name}` }).click();
  await fillAndSaveOption(dialog, changes);
  await optionEditor(dialog).waitFor({ state: 'detached' });
}

/** The delete button of an option and the confirmation's yes (its nested options go with it). */
export async function deleteChatbotOption(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('button', { name: `Excluir opção: ${name}` }).click();
  const confirm = dialog.page().getByRole('dialog', { name: `Excluir a opção ${name}?` });
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await confirm.waitFor({ state: 'detached' });
}

/** An option's row as the menu shows it: "<position> - <name>". */
export function optionRow(dialog: Locator, position: number, name: string): Locator {
  return dialog.getByText(`${position} - ${name}`, { exact: true });
}

export async function openHoursTab(dialog: Locator): Promise<void> {
  await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click();
}

export async function openDataTab(dialog: Locator): Promise<void> {
  await dialog.getByRole('tab', { name: 'Dados da fila' }).click();
}

/** Sets one time of a day on the hours tab, e.g. ('Segunda-feira', 'Hora final 2', '17:00'); '' closes it. */
export async function setServiceHour(dialog: Locator, weekday: string, field: string, time: string): Promise<void> {
  await dialog.getByLabel(`${weekday} ${field}`, { exact: true }).fill(time);
}

/** The dialog's submit button ('Adicionar' for a new queue, 'Salvar' for an edit). */
export async function submitQueueDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /^(Adicionar|Salvar)$/ }).click();
}

/** Submits and waits for the dialog to close (a saved queue). */
export async function saveQueueDialog(dialog: Locator): Promise<void> {
  await submitQueueDialog(dialog);
  await dialog.waitFor({ state: 'detached' });
}

/** Creates a queue through the dialog with its chatbot options (each with its nested ones). */
export async function createQueueThroughUi(
  page: Page,
  data: QueueData,
  options: (ChatbotOptionData & { nested?: ChatbotOptionData[] })[] = [],
): Promise<void> {
  const dialog = await openNewQueueDialog(page);
  await fillQueueData(dialog, data);
  for (const option of options) {
    await addChatbotOption(dialog, option);
    for (const nested of option.nested ?? []) await addChatbotOption(dialog, nested, option.name);
  }
  await saveQueueDialog(dialog);
}

/** The delete button of a queue's row and the confirmation's yes. */
export async function deleteQueueThroughUi(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Excluir fila: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir a fila ${name}?` });
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await confirm.waitFor({ state: 'detached' });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
