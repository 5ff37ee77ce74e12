import * as yup from 'yup';

/** Spec 2 §9 with DESIGN §7: the 20 and 25 options carry 20 and 25. */
export const TIME_SEND_QUEUE_OPTIONS = [0, 5, 10, 15, 20, 25, 30, 60] as const;
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** Spec 2 §9: import at most 2 years back. */
const IMPORT_WINDOW_MS = 2 * 366 * 86_400_000;
/** Clock skew allowed between the browser that picked "now" and the server. */
const CLOCK_SLACK_MS = 5 * 60_000;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Forms send '' for an untouched number or select: treat it as absent. */
const blankAsUndefined = (value: unknown, original: unknown) => (original === '' ? undefined : value);
const blankAsNull = (value: unknown, original: unknown) => (original === '' ? null : value);

const count = () => yup.number().transform(blankAsUndefined).integer('Must be a whole number').min(0).max(525_600);
const text = () => yup.string().max(4096, 'Too Long!').nullable();
const reference = () => yup.number().transform(blankAsNull).integer().positive().nullable();

const time = () =>
  yup
    .string()
    .defined()
    .test('hh-mm', 'Use HH:MM', (value) => value === '' || HH_MM.test(value ?? ''));

export const serviceHoursSchema = yup
  .object({
    weekday: yup.string().trim().required('Required').max(30, 'Too Long!'),
    weekdayEn: yup
      .string()
      .required('Required')
      .oneOf([...WEEKDAYS_EN], 'Invalid weekday'),
    startTimeA: time(),
    endTimeA: time(),
    startTimeB: time(),
    endTimeB: time(),
  })
  .noUnknown();

const importDate = () =>
  yup
    .date()
    .transform((value, original) => (original === '' ? null : value))
    .typeError('Invalid date')
    .nullable();

/** Every connection field of spec 2 §3 the form sends (POST and PUT /whatsapp). */
const connectionFields = {
  name: yup.string().trim().required('Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  isDefault: yup.boolean(),
  greetingMessage: text(),
  complationMessage: text(),
  outOfHoursMessage: text(),
  ratingMessage: text(),
  maxUseBotQueues: count(),
  provider: yup.string().trim().max(30, 'Too Long!'),
  expiresTicket: count(),
  allowGroup: yup.boolean(),
  groupAsTicket: yup.string().oneOf(['enabled', 'disabled']),
  timeUseBotQueues: count(),
  timeSendQueue: yup
    .number()
    .transform(blankAsUndefined)
    .oneOf([...TIME_SEND_QUEUE_OPTIONS], `Use one of ${TIME_SEND_QUEUE_OPTIONS.join(', ')}`),
  sendIdQueue: reference(),
  expiresTicketNPS: count(),
  expiresInactiveMessage: text(),
  timeInactiveMessage: count(),
  inactiveMessage: text(),
  maxUseBotQueuesNPS: count(),
  whenExpiresTicket: yup.number().transform(blankAsUndefined).oneOf([0, 1], 'Use 0 or 1'),
  timeCreateNewTicket: count(),
  importOldMessages: importDate()
    .test('window', 'A importação vai no máximo 2 anos para trás', (value) => !value || value.getTime() >= Date.now() - IMPORT_WINDOW_MS)
    .test('past', 'A data não pode ser no futuro', (value) => !value || value.getTime() <= Date.now() + CLOCK_SLACK_MS),
  importRecentMessages: importDate()
    .test('after-old', 'A data deve ser posterior à data de início', function (value) {
      const old = this.parent.importOldMessages as Date | null | undefined;
      return !value || !old || value.getTime() >= old.getTime();
    })
    .test('past', 'A data não pode ser no futuro', (value) => !value || value.getTime() <= Date.now() + CLOCK_SLACK_MS),
  importOldMessagesGroups: yup.boolean(),
  closedTicketsPostImported: yup.boolean(),
  integrationId: reference(),
  wavoip: yup.string().max(500, 'Too Long!').nullable(),
  promptId: reference(),
  queueIds: yup.array(yup.number().integer().positive().required()).max(200),
  schedules: yup.array(serviceHoursSchema).max(7 * 4),
  /** The channel's own settings, checked against its plugin's description by the service. */
  settings: yup
    .mixed<Record<string, unknown>>()
    .test(
      'object',
      'Must be an object',
      (value) => value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value)),
    ),
};

export const createConnectionSchema = yup.object({
  ...connectionFields,
  channel: yup.string().trim().default('whatsapp'),
});

export const updateConnectionSchema = yup.object({
  ...connectionFields,
  regenerateToken: yup.boolean(),
});

/** POST /facebook: the Facebook login's user and token (spec 2 §7). */
export const facebookLoginSchema = yup.object({
  facebookUserId: yup.string().trim().required('Required').max(100, 'Too Long!'),
  facebookUserToken: yup.string().trim().required('Required').max(2048, 'Too Long!'),
  addInstagram: yup.boolean().default(false),
});

export type ConnectionInput = yup.InferType<typeof updateConnectionSchema>;
export type CreateConnectionInput = yup.InferType<typeof createConnectionSchema>;
