import * as yup from 'yup';

// Spec 3 §5: the chat dialog saves only with a title and at least one user.

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
export const CHAT_MEDIA_MAX_BYTES = 64 * 1024 * 1024;
export const CHAT_MEDIA_MAX_FILES = 10;

const required = 'Obrigatório';
const chooseUsers = 'Escolha ao menos um usuário';

/** A user id, or a user as the spec's client sends them ({ id, name }). */
const userId = yup
  .number()
  .transform((value, original) => (original && typeof original === 'object' && 'id' in original ? Number(original.id) : value))
  .typeError('Usuário inválido')
  .integer('Usuário inválido')
  .positive('Usuário inválido')
  .max(2_147_483_647, 'Usuário inválido')
  .required('Usuário inválido');

export const saveChatSchema = yup.object({
  title: yup.string().trim().required(required).min(1, required).max(200, 'Muito longo!'),
  users: yup.array(userId).typeError(chooseUsers).required(chooseUsers).min(1, chooseUsers).max(500, 'Muitos usuários'),
});
export type SaveChatInput = yup.InferType<typeof saveChatSchema>;

export const chatSearchSchema = yup.object({
  searchParam: yup.string().trim().lowercase().max(100, 'Muito longo!').default(''),
});

/** JSON `message`, or the multipart form's `body` beside its `medias`. */
export const sendChatMessageSchema = yup.object({
  message: yup.string().max(10_000, 'Muito longo!').default(''),
  body: yup.string().max(10_000, 'Muito longo!').default(''),
});
