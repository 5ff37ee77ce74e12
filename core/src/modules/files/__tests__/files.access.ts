import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A file list of the company with one option (no file). */
export async function insertFileList(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [list] = await knex('files')
    .insert({ company_id: companyId, name: `Lista ${Date.now().toString(36)}`, message: 'Nosso catálogo', ...fields })
    .returning('id');
  await knex('file_options').insert({ company_id: companyId, file_id: list.id, name: 'catalogo.pdf' });
  return list.id as number;
}

const path =
  (suffix = '', body?: () => unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/files/${suffix}${await insertFileList(knex, companyId)}`,
    body: body?.(),
  });

const upload = () => {
  const form = new FormData();
  form.append('typeArch', 'fileList');
  return form;
};

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /files', note: "pages the caller's own company's file lists" },
  { route: 'GET /files/:id', record: path() },
  { route: 'POST /files', body: { name: 'Access', options: [] }, note: "creates in the caller's own company" },
  { route: 'PUT /files/:id', record: path('', () => ({ name: 'Renamed', options: [] })) },
  { route: 'DELETE /files/:id', record: path() },
  { route: 'POST /files/uploadList/:id', record: path('uploadList/', upload) },
];
