import * as yup from 'yup';

// Spec 1 §5: a tag name shorter than 3 characters gives 'Tag muito curta!'.

export const TAGS_PAGE_SIZE = 20;
const TAG_SHORT = 'Tag muito curta!';

const name = yup.string().trim().min(3, TAG_SHORT).max(50, 'Too Long!');
/** A CSS colour as the colour pickers send it: hex, or rgb()/rgba()/hsl()/hsla(). */
const color = yup
  .string()
  .trim()
  .nullable()
  .transform((value, original) => (original === '' || original === null ? null : value))
  .matches(/^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/i, 'Cor inválida');
/** kanban: 1 or 0 (true/false accepted). */
const kanban = yup
  .number()
  .transform((value, original) => (original === true ? 1 : original === false ? 0 : value))
  .typeError('Use 0 ou 1')
  .oneOf([0, 1], 'Use 0 ou 1');

export const createTagSchema = yup.object({ name: name.required(TAG_SHORT), color, kanban: kanban.default(0) });
export type CreateTagInput = yup.InferType<typeof createTagSchema>;

export const updateTagSchema = yup.object({ name, color, kanban });
export type UpdateTagInput = yup.InferType<typeof updateTagSchema>;

const kanbanFilter = yup
  .number()
  .transform((value, original) => (original === 'true' ? 1 : original === 'false' ? 0 : value))
  .typeError('Use 0 ou 1')
  .oneOf([0, 1], 'Use 0 ou 1');

export const listTagsSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Too Long!'),
  kanban: kanbanFilter,
  offset: yup.number().typeError('offset inválido').integer('offset inválido').min(0, 'offset inválido'),
});

export const allTagsSchema = yup.object({ kanban: kanbanFilter });

/** A tag named in a sync: an existing one by id, or by name (created when the company has none of that name). */
export const tagReferenceSchema = yup
  .object({
    id: yup.number().typeError('Etiqueta inválida').integer('Etiqueta inválida').positive('Etiqueta inválida'),
    name,
  })
  .test('tag-reference', 'Informe o id ou o nome da etiqueta', (value) => value.id !== undefined || Boolean(value.name));
export type TagReference = yup.InferType<typeof tagReferenceSchema>;

const id = (message: string) => yup.number().typeError(message).integer(message).positive(message);

export const syncTagsSchema = yup.object({
  contactId: id('Contato inválido').required('Required'),
  ticketId: id('Ticket inválido').nullable(),
  tags: yup
    .array()
    .transform((value, original) =>
      original === null ? [] : Array.isArray(value) ? value.map((item) => (typeof item === 'number' ? { id: item } : item)) : value,
    )
    .of(tagReferenceSchema)
    .max(100, 'No máximo 100 etiquetas')
    .typeError('Etiquetas inválidas')
    .default([]),
});
export type SyncTagsInput = yup.InferType<typeof syncTagsSchema>;
