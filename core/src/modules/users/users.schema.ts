import * as yup from 'yup';

// Texts are the spec's (spec 1 §5 / spec 2 §5, user form): 'Too Short!', 'Too Long!', 'Required', 'Invalid email'.

export const USERS_PAGE_SIZE = 20;
export const languages = ['pt-BR', 'en', 'es', 'tr'] as const;
export const profiles = ['admin', 'user', 'supervisor'] as const;

/** Fields a user without the admin profile may change on their own record (spec 1 §2 profile modal, §6). */
export const selfEditableFields = ['name', 'password', 'email', 'wpp', 'defaultTheme', 'defaultMenu', 'language'] as const;

const hourMinute = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '' and null from a form mean "no value". */
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

const name = yup.string().trim().min(2, 'Too Short!').max(50, 'Too Long!');
const email = yup.string().trim().lowercase().email('Invalid email').max(254, 'Too Long!');
const password = yup.string().min(5, 'Too Short!').max(50, 'Too Long!');

/** Every field of the user form but the three required ones, all optional (PUT is a partial update). */
const optionalFields = {
  profile: yup.string().oneOf([...profiles], 'Perfil inválido'),
  startWork: yup.string().trim().matches(hourMinute, 'Use o formato HH:MM'),
  endWork: yup.string().trim().matches(hourMinute, 'Use o formato HH:MM'),
  farewellMessage: yup.string().nullable().transform(emptyToNull).max(4000, 'Too Long!'),
  allTicket: yup.string().oneOf(['enable', 'disable'], "Use 'enable' ou 'disable'"),
  allowGroup: yup.boolean().typeError('Use true ou false'),
  defaultTheme: yup.string().oneOf(['light', 'dark'], "Use 'light' ou 'dark'"),
  defaultMenu: yup.string().oneOf(['open', 'closed'], "Use 'open' ou 'closed'"),
  showDashboard: yup.string().oneOf(['enabled', 'disabled'], "Use 'enabled' ou 'disabled'"),
  allowRealTime: yup.string().oneOf(['enabled', 'disabled'], "Use 'enabled' ou 'disabled'"),
  allowConnections: yup.string().oneOf(['enabled', 'disabled'], "Use 'enabled' ou 'disabled'"),
  wpp: yup.string().trim().nullable().transform(emptyToNull).max(30, 'Too Long!'),
  whatsappId: yup
    .number()
    .nullable()
    .transform(emptyToNull)
    .typeError('Conexão inválida')
    .integer('Conexão inválida')
    .positive('Conexão inválida'),
  queueIds: yup
    .array()
    .transform((value, original) => (original === null ? [] : value))
    .of(yup.number().typeError('Fila inválida').integer('Fila inválida').positive('Fila inválida').required('Fila inválida'))
    .typeError('Fila inválida'),
  language: yup
    .string()
    .nullable()
    .transform(emptyToNull)
    .oneOf([...languages, null], 'Idioma inválido'),
  super: yup.boolean().typeError('Use true ou false'),
  companyId: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Empresa inválida')
    .integer('Empresa inválida')
    .positive('Empresa inválida'),
};

export const createUserSchema = yup.object({
  name: name.required('Required'),
  email: email.required('Required'),
  password: password.required('Required'),
  ...optionalFields,
});
export type CreateUserInput = yup.InferType<typeof createUserSchema>;

export const updateUserSchema = yup.object({
  name,
  email,
  // An empty password in the form means "keep the current one".
  password: password.transform(emptyToUndefined),
  ...optionalFields,
});
export type UpdateUserInput = yup.InferType<typeof updateUserSchema>;

export const listUsersSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Too Long!'),
  companyId: optionalFields.companyId,
});

export const listSummarySchema = yup.object({
  companyId: optionalFields.companyId,
});

/** The profile pictures the user form accepts: extension and MIME type must both be one of these. */
export const profileImageTypes: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
};
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
