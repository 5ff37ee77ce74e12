import * as yup from 'yup';

const optionalText = (max: number) => yup.string().trim().nullable().max(max, `No máximo ${max} caracteres`);

const helpFields = {
  title: yup.string().trim().min(1, 'Título é obrigatório').max(200, 'Título muito longo'),
  /** A video code (e.g. the id of a hosted video), not an arbitrary page. */
  video: optionalText(200),
  description: optionalText(5000),
};

export const createHelpSchema = yup.object({ ...helpFields, title: helpFields.title.required('Título é obrigatório') });
export type CreateHelpInput = yup.InferType<typeof createHelpSchema>;

export const updateHelpSchema = yup.object({ ...helpFields, title: helpFields.title.nonNullable('Título é obrigatório') });
export type UpdateHelpInput = yup.InferType<typeof updateHelpSchema>;

export const helpSearchSchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
});
