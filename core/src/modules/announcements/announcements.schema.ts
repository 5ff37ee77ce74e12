import * as yup from 'yup';

// Spec 3 §5: title and text required; §9: priority 3 (Baixa) and active by default.

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** How many active announcements the top bar's popover lists. */
export const ACTIVE_ANNOUNCEMENTS_LIMIT = 20;
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

const required = 'Obrigatório';
const priority = yup
  .number()
  .typeError('Prioridade inválida')
  .oneOf([...ANNOUNCEMENT_PRIORITIES], 'Prioridade inválida');

const fields = {
  title: yup.string().trim().min(1, required).max(200, 'Muito longo!'),
  text: yup.string().trim().min(1, required).max(5000, 'Muito longo!'),
  priority,
  status: yup.boolean().typeError('Situação inválida'),
};

export const createAnnouncementSchema = yup.object({
  title: fields.title.required(required),
  text: fields.text.required(required),
  priority: fields.priority.default(3),
  status: fields.status.default(true),
});
export type CreateAnnouncementInput = yup.InferType<typeof createAnnouncementSchema>;

/** PUT sends the whole form; a field left out keeps its value, one sent must hold. */
export const updateAnnouncementSchema = yup.object({
  title: fields.title.nonNullable(required),
  text: fields.text.nonNullable(required),
  priority: fields.priority.nonNullable('Prioridade inválida'),
  status: fields.status.nonNullable('Situação inválida'),
});
export type UpdateAnnouncementInput = yup.InferType<typeof updateAnnouncementSchema>;

export const announcementSearchSchema = yup.object({
  searchParam: yup.string().trim().lowercase().max(100, 'Muito longo!').default(''),
});
