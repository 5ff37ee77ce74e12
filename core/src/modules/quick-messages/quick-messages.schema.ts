import { quickMessageRules } from '@switchboard/sdk/contracts';
import * as yup from 'yup';

// Spec 3 §5: shortcode required ('Obrigatório'). The other texts follow the spec's Portuguese style.

export const QUICK_MESSAGES_PAGE_SIZE = 20;
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 64 * 1024 * 1024;
export const quickMessageStatuses = ['active', 'inactive'] as const;

/** '' and null from a form mean "no value". */
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);

// The lengths the quick reply form applies too (shared contracts).
const rules = quickMessageRules({ tooLong: 'Muito longo!' });

const fields = {
  shortcode: rules.shortcode.min(1, 'Obrigatório'),
  message: rules.message.nullable().transform(emptyToNull),
  geral: yup.boolean().typeError('Use true ou false'),
  status: yup.string().oneOf([...quickMessageStatuses], "Use 'active' ou 'inactive'"),
  isCategory: yup.boolean().typeError('Use true ou false'),
  categoryId: yup
    .number()
    .nullable()
    .transform(emptyToNull)
    .typeError('Categoria inválida')
    .integer('Categoria inválida')
    .positive('Categoria inválida'),
};

export const createQuickMessageSchema = yup.object({ ...fields, shortcode: fields.shortcode.required('Obrigatório') });
export type CreateQuickMessageInput = yup.InferType<typeof createQuickMessageSchema>;

export const updateQuickMessageSchema = yup.object({ ...fields, shortcode: fields.shortcode.nonNullable('Obrigatório') });
export type UpdateQuickMessageInput = yup.InferType<typeof updateQuickMessageSchema>;

export const listQuickMessagesSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Muito longo!').default(''),
  /** The page's category filter: the replies filed under that category entry. */
  categoryId: fields.categoryId.optional(),
});
