import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

interface SavedList {
  id: number;
  name: string;
  message: string | null;
  options: { id: number; name: string; path: string | null; mediaType: string | null }[];
}

const PDF = { name: 'tabela-precos.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tabela de preços') };
const PNG = {
  name: 'vitrine.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

/**
 * Spec 3 §2.10: an admin keeps file lists at /files — creates one with two files through the dialog (uploaded after
 * the save, with progress), sees it listed, edits it and deletes it after the confirmation.
 */
describe('file lists screen', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const listNamed = async (name: string) =>
    (await api<{ files: SavedList[] }>('GET', `/files?searchParam=${encodeURIComponent(name.toLowerCase())}`)).files.find(
      (list) => list.name === name,
    );

  async function openDialog(title: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Nome', { exact: true }).waitFor();
    return dialog;
  }

  it('creates a list with a message and two files through the dialog', async () => {
    await page.goto(`${server.url}/files`);
    await page.getByRole('heading', { name: /Listas de arquivos/ }).waitFor();
    await page.getByText('Nenhuma lista de arquivos').waitFor();
    await screenshot(page, 'files-empty-1280');

    await page.getByRole('button', { name: 'Nova lista de arquivos' }).click();
    const dialog = await openDialog('Nova lista de arquivos');
    // Saving without a name says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    expect(await dialog.getByText('Obrigatório').count()).toBe(2);

    await dialog.getByLabel('Nome', { exact: true }).fill('Catálogo');
    await dialog.getByLabel('Mensagem').fill('Olá {{firstName}}, segue nosso catálogo.');
    // An unnamed option takes its file's name; a named one keeps its own.
    await dialog.locator('input[type=file]').nth(0).setInputFiles(PDF);
    expect(await dialog.getByRole('textbox', { name: 'Nome do arquivo 1' }).inputValue()).toBe(PDF.name);
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('textbox', { name: 'Nome do arquivo 2' }).fill('Fotos da vitrine');
    await dialog.locator('input[type=file]').nth(1).setInputFiles(PNG);
    await dialog.getByRole('button', { name: PNG.name, exact: true }).waitFor();
    expect(await dialog.getByLabel('Mensagem').getAttribute('rows')).toBe('5');
    await screenshot(page, 'files-dialog-1280');

    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Lista de arquivos salva com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /Listas de arquivos\s*\(1\)/ }).waitFor();
    const row = page.getByRole('row', { name: /Catálogo/ });
    await row.getByText('Arquivos: 2').waitFor();
    await screenshot(page, 'files-list-1280');

    const saved = await eventually(async () => {
      const list = await listNamed('Catálogo');
      return list?.options.every((option) => option.path) ? list : undefined;
    });
    expect(saved.message).toBe('Olá {{firstName}}, segue nosso catálogo.');
    expect(saved.options.map((option) => [option.name, option.mediaType])).toEqual([
      [PDF.name, 'application/pdf'],
      ['Fotos da vitrine', 'image/png'],
    ]);
    expect(saved.options[0]!.path).toMatch(/\/fileList\/\d+\/\d+-[0-9a-f]+-tabela-precos\.pdf$/);
  });

  it('edits the list: renames it, keeps one file and removes the other', async () => {
    await page.getByRole('button', { name: 'Editar lista de arquivos: Catálogo' }).click();
    const dialog = await openDialog('Editar lista de arquivos');
    expect(await dialog.getByLabel('Nome', { exact: true }).inputValue()).toBe('Catálogo');
    // The stored files show by their names.
    await dialog.getByRole('button', { name: PDF.name, exact: true }).waitFor();
    await dialog.getByRole('button', { name: PNG.name, exact: true }).waitFor();
    await screenshot(page, 'files-dialog-edit-1280');

    await dialog.getByLabel('Nome', { exact: true }).fill('Catálogo 2026');
    await dialog.getByRole('button', { name: 'Remover arquivo: Fotos da vitrine' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Lista de arquivos salva com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Catálogo 2026/ });
    await row.getByText('Arquivos: 1').waitFor();
    const saved = await eventually(async () => listNamed('Catálogo 2026'));
    expect(saved.options.map((option) => option.name)).toEqual([PDF.name]);
  });

  it('deletes the list only after the confirmation', async () => {
    await page.getByRole('button', { name: 'Excluir lista de arquivos: Catálogo 2026' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir Catálogo 2026?' });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await listNamed('Catálogo 2026')).toBeDefined();

    await page.getByRole('button', { name: 'Excluir lista de arquivos: Catálogo 2026' }).click();
    await screenshot(page, 'files-delete-1280');
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Lista de arquivos excluída com sucesso!').first().waitFor();
    await page.getByText('Nenhuma lista de arquivos').waitFor();
    expect(await listNamed('Catálogo 2026')).toBeUndefined();
  });
});
