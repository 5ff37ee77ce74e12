import * as yup from 'yup';

/** An e-mail as sign-in compares it (trimmed, lower case), also for anything not a string. */
export function normalisedEmail(value: unknown): string {
  return String(value ?? '')
    .trim()
    .toLowerCase();
}

// Texts are the spec's (spec 1 §5), so the web app can show the server's message as it is.
export const loginSchema = yup.object({
  email: yup.string().trim().lowercase().required('Email é obrigatório').email('Email inválido'),
  password: yup.string().required('Senha é obrigatória').min(6, 'Senha deve ter pelo menos 6 caracteres'),
});

/** Eleven digits (area code and number); a leading Brazilian 55 added by the client is accepted too. */
export function nationalPhoneDigits(value: string | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits;
}

export const signupSchema = yup.object({
  name: yup.string().trim().required('Nome é obrigatório').min(2, 'Muito curto!').max(50, 'Muito longo!'),
  companyName: yup.string().trim().required('Nome da empresa é obrigatória').min(2, 'Muito curto!').max(50, 'Muito longo!'),
  email: yup.string().trim().lowercase().required('E-mail é obrigatório').email('E-mail inválido'),
  password: yup
    .string()
    .required('Senha é obrigatória')
    .min(8, 'A senha deve ter no mínimo 8 caracteres')
    .matches(/[a-z]/, 'A senha deve conter uma letra minúscula')
    .matches(/[A-Z]/, 'A senha deve conter uma letra maiúscula'),
  phone: yup
    .string()
    .required('Telefone é obrigatório')
    .test('eleven-digits', 'Digite o número completo com 11 dígitos (apenas números).', (value) =>
      /^\d{11}$/.test(nationalPhoneDigits(value)),
    ),
  planId: yup.number().typeError('Plano é obrigatório').required('Plano é obrigatório').integer().positive(),
  companyId: yup.number().integer().positive().optional(),
  termo: yup
    .boolean()
    .transform((value, original) => (original === 'true' ? true : original === 'false' ? false : value))
    .oneOf([true], 'Você deve aceitar os termos para continuar')
    .required('Você deve aceitar os termos para continuar'),
});

export const recoverySendSchema = yup.object({
  wpp: yup
    .string()
    .transform((value) => (typeof value === 'string' ? value.replace(/\D/g, '') : value))
    .required('Por favor, insira um número de WhatsApp válido')
    .min(10, 'Por favor, insira um número de WhatsApp válido'),
});

export const recoveryVerifySchema = yup.object({
  code: yup.string().trim().required('Por favor, insira o código de verificação'),
});

export const recoveryResetSchema = yup.object({
  userId: yup.number().integer().positive().optional(),
  token: yup.string().required('Código de verificação inválido'),
  newPassword: yup.string().required('A senha deve ter pelo menos 6 caracteres').min(6, 'A senha deve ter pelo menos 6 caracteres'),
});
