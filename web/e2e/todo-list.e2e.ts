import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

/**
 * Spec 3 §2.17: /todolist keeps the user's tasks in this browser (localStorage `tasks`): added, edited (Add becomes
 * Save), deleted after a confirmation, still there after a reload, and seen at once by another tab.
 */
describe('to-do list', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await startAdminSession());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const tasks = () => page.getByRole('list', { name: 'Tarefas' }).getByRole('listitem');
  const stored = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? '[]') as { text: string; createdAt: string; updatedAt: string }[]);

  it('adds, edits and deletes tasks, keeps them across a reload and shows them in another tab', async () => {
    await page.goto(`${server.url}/todolist`);
    const input = page.getByLabel('Nova tarefa');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Nenhuma tarefa ainda.').isVisible()).resolves.toBe(true);

    await input.fill('Ligar para a Ana');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await input.fill('Enviar a proposta');
    await input.press('Enter');
    await tasks().nth(1).getByText('Enviar a proposta').waitFor();
    expect((await stored()).map((task) => task.text)).toEqual(['Ligar para a Ana', 'Enviar a proposta']);

    await page.getByRole('button', { name: 'Editar a tarefa Ligar para a Ana' }).click();
    await expect(input.inputValue()).resolves.toBe('Ligar para a Ana');
    await input.fill('Ligar para a Ana às 15h');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await tasks().first().getByText('Ligar para a Ana às 15h').waitFor();
    await page.getByRole('button', { name: 'Adicionar' }).waitFor();
    const [edited] = await stored();
    expect(edited!.text).toBe('Ligar para a Ana às 15h');
    expect(Date.parse(edited!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(edited!.createdAt));

    // Another tab of the same browser sees the list, and a change made there.
    const other = await page.context().newPage();
    await other.goto(`${server.url}/todolist`);
    await other.getByText('Enviar a proposta').waitFor();
    await other.getByRole('button', { name: 'Excluir a tarefa Enviar a proposta' }).click();
    const confirm = other.getByRole('dialog', { name: 'Excluir esta tarefa?' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Enviar a proposta').waitFor({ state: 'detached' });
    await other.close();

    await page.reload();
    await tasks().first().getByText('Ligar para a Ana às 15h').waitFor();
    await expect(tasks().count()).resolves.toBe(1);
    await screenshot(page, 'todo-list-1280');

    // Deleting asks first: "Não" keeps the task.
    await page.getByRole('button', { name: 'Excluir a tarefa Ligar para a Ana às 15h' }).click();
    const asked = page.getByRole('dialog', { name: 'Excluir esta tarefa?' });
    await asked.getByRole('button', { name: 'Não' }).click();
    await asked.waitFor({ state: 'detached' });
    await expect(tasks().count()).resolves.toBe(1);
    expect((await stored()).map((task) => task.text)).toEqual(['Ligar para a Ana às 15h']);
  });
});
