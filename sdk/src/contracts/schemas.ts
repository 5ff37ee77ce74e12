import * as yup from 'yup';

/**
 * The texts of the shared rules' failures: the server answers the spec's words, the web shows its translations.
 * The rules themselves (lengths, formats) are written once here, so the form and the server cannot drift apart.
 */
export interface RuleTexts {
  required: string;
  tooShort: string;
  tooLong: string;
  invalidEmail: string;
}

/** Spec 1 §5 contact form: name 2 to 50, number 8 to 50, a valid e-mail, extra information named (up to 100). */
export function contactRules(texts: RuleTexts) {
  return {
    name: yup.string().trim().min(2, texts.tooShort).max(50, texts.tooLong),
    number: yup.string().trim().min(8, texts.tooShort).max(50, texts.tooLong),
    email: yup.string().trim().email(texts.invalidEmail).max(254, texts.tooLong),
    extraInfoName: yup.string().trim().required(texts.required).max(100, texts.tooLong),
  };
}

/** Spec 3 §5 quick reply: a shortcode up to 100 and a message up to 20,000 characters. */
export function quickMessageRules(texts: Pick<RuleTexts, 'tooLong'>) {
  return {
    shortcode: yup.string().trim().max(100, texts.tooLong),
    message: yup.string().max(20_000, texts.tooLong),
  };
}

/** The spec's fields of a queue integration (spec 3 §3), each stored as such; a plugin's other settings travel in `settings`. */
export const queueIntegrationSpecFields = [
  'projectName',
  'jsonContent',
  'language',
  'urlN8N',
  'typebotSlug',
  'typebotExpires',
  'typebotDelayMessage',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotUnknownMessage',
  'typebotRestartMessage',
] as const;

/** Spec 3 §5: the spec fields a type requires besides its plugin's own required settings (n8n, webhook and typebot reach
 * their upstream at urlN8N; typebot also needs the bot's slug). */
export function requiredSpecFields(type: string): string[] {
  const required = ['n8n', 'webhook', 'typebot'].includes(type) ? ['urlN8N'] : [];
  return type === 'typebot' ? [...required, 'typebotSlug'] : required;
}

/** Spec 3 §5 queue integration: a name of 2 to 50 characters. */
export function queueIntegrationRules(texts: Pick<RuleTexts, 'tooShort' | 'tooLong'>) {
  return { name: yup.string().trim().min(2, texts.tooShort).max(50, texts.tooLong) };
}

/**
 * Spec 3 §5 prompt, whose schema DESIGN §7 applies: a name of 5 to 100 characters, instructions of at least 50, and
 * the generation limits in range.
 */
export function promptRules(texts: Pick<RuleTexts, 'tooShort' | 'tooLong'> & { instructionsTooShort: string; outOfRange: string }) {
  return {
    name: yup.string().trim().min(5, texts.tooShort).max(100, texts.tooLong),
    prompt: yup.string().trim().min(50, texts.instructionsTooShort).max(20_000, texts.tooLong),
    maxTokens: yup.number().integer(texts.outOfRange).min(1, texts.outOfRange).max(32_000, texts.outOfRange),
    temperature: yup.number().min(0, texts.outOfRange).max(2, texts.outOfRange),
    maxMessages: yup.number().integer(texts.outOfRange).min(0, texts.outOfRange).max(100, texts.outOfRange),
  };
}

/**
 * Spec 3 §5 leaves the file form's rules open: a list is named (up to 100), its message up to 20,000 characters,
 * and it holds up to 10 named options, whose files (64 MB each) one upload request carries together.
 */
export const fileListLimits = { options: 10, fileBytes: 64 * 1024 * 1024 } as const;

export function fileListRules(texts: Pick<RuleTexts, 'required' | 'tooLong'> & { tooMany: string }) {
  return {
    name: yup.string().trim().required(texts.required).max(100, texts.tooLong),
    message: yup.string().max(20_000, texts.tooLong),
    optionName: yup.string().trim().required(texts.required).max(100, texts.tooLong),
    options: yup.array().max(fileListLimits.options, texts.tooMany),
  };
}

/** Spec 3 §5 on-call entry: the texts each side shows (the server's are the spec's Portuguese ones). */
export interface OnCallRuleTexts {
  invalidTime: string;
  startRequired: string;
  endRequired: string;
  interval: string;
}

/**
 * Spec 3 §5 on-call entry: a day's start and end are "HH:MM" and come together (a start needs an end and an end a
 * start); the interval between notifications is whole minutes, 1 to 1440; at least one day has both times.
 */
export function onCallRules(texts: OnCallRuleTexts) {
  const time = yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : value))
    .default('')
    .matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: texts.invalidTime, excludeEmptyString: true });
  return {
    startTime: time.test('start-with-end', texts.startRequired, function startWithEnd(value) {
      return Boolean(value) || !this.parent.endTime;
    }),
    endTime: time.test('end-with-start', texts.endRequired, function endWithStart(value) {
      return Boolean(value) || !this.parent.startTime;
    }),
    interval: yup
      .number()
      .typeError(texts.interval)
      .required(texts.interval)
      .integer(texts.interval)
      .min(1, texts.interval)
      .max(1440, texts.interval),
    /** The days' test: at least one day with both times. */
    oneCompleteDay: (days: readonly { startTime?: string; endTime?: string }[] | undefined) =>
      (days ?? []).some((day) => day.startTime && day.endTime),
  };
}
