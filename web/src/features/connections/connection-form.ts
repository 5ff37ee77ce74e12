import * as yup from 'yup';
import type { ServiceHoursEntry } from '../../components/service-hours/ServiceHoursForm';
import type { ChannelSettingField, Connection, ConnectionInput } from './connections.api';

/** Spec 2 §9 with DESIGN §7: the minutes before the bot sends the contact to a queue; 20 and 25 carry 20 and 25. */
export const TIME_SEND_QUEUE_OPTIONS = [0, 5, 10, 15, 20, 25, 30, 60] as const;
/** Spec 2 §9: both bot-queue counters default to 3. */
export const DEFAULT_BOT_QUEUE_USES = 3;
/** Spec 2 §9: a history import goes at most 2 years back. */
const IMPORT_WINDOW_YEARS = 2;

/** A number field of the form: '' while empty. */
type NumberField = number | '';
export type SettingValue = string | number | boolean;

/** The connection dialog's values, one per control (spec 2 §3 fields; dates as the date inputs' YYYY-MM-DD). */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  importEnabled: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  settings: Record<string, SettingValue>;
  integrationId: NumberField;
  promptId: NumberField;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  inactiveMessage: string;
  expiresInactiveMessage: string;
  maxUseBotQueues: NumberField;
  timeUseBotQueues: NumberField;
  timeSendQueue: number;
  sendIdQueue: NumberField;
  expiresTicket: NumberField;
  whenExpiresTicket: 0 | 1;
  timeInactiveMessage: NumberField;
  timeCreateNewTicket: NumberField;
  expiresTicketNPS: NumberField;
  maxUseBotQueuesNPS: NumberField;
  schedules: ServiceHoursEntry[];
}

/** The local calendar day of a date as YYYY-MM-DD (what a date input holds). */
export function calendarDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days a history import may start on: from 2 years back to today (spec 2 §5). */
export function importWindow(now: Date): { min: string; max: string } {
  const min = new Date(now);
  min.setFullYear(now.getFullYear() - IMPORT_WINDOW_YEARS);
  return { min: calendarDay(min), max: calendarDay(now) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown, fallback: NumberField): NumberField => (typeof value === 'number' ? value : fallback);
const day = (value: unknown) => (typeof value === 'string' && value ? calendarDay(new Date(value)) : '');

/** A plugin's settings as a form edits them: what the record has, else the field's default. */
export function settingValues(fields: ChannelSettingField[], current: Record<string, unknown> | undefined): Record<string, SettingValue> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = current?.[field.key] ?? field.default;
      if (field.type === 'boolean') return [field.key, value === true];
      return [field.key, typeof value === 'number' || typeof value === 'string' ? value : ''];
    }),
  );
}

/** The dialog's starting values: the connection's, or a new connection's defaults (`defaultSchedules` for the week). */
export function connectionFormValues(
  connection: Connection | undefined,
  fields: ChannelSettingField[],
  defaultSchedules: ServiceHoursEntry[],
): ConnectionFormValues {
  const c = (connection ?? {}) as Record<string, unknown>;
  const reference = (value: unknown): NumberField => (typeof value === 'number' ? value : '');
  return {
    name: text(c.name),
    isDefault: c.isDefault === true,
    allowGroup: c.allowGroup === true,
    groupAsTicket: c.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    importEnabled: Boolean(c.importOldMessages),
    importOldMessages: day(c.importOldMessages),
    importRecentMessages: day(c.importRecentMessages),
    importOldMessagesGroups: c.importOldMessagesGroups === true,
    closedTicketsPostImported: c.closedTicketsPostImported === true,
    settings: settingValues(fields, connection?.settings),
    integrationId: reference(c.integrationId),
    promptId: reference(c.promptId),
    queueIds: (connection?.queues ?? []).map((queue) => queue.id),
    greetingMessage: text(c.greetingMessage),
    complationMessage: text(c.complationMessage),
    outOfHoursMessage: text(c.outOfHoursMessage),
    ratingMessage: text(c.ratingMessage),
    inactiveMessage: text(c.inactiveMessage),
    expiresInactiveMessage: text(c.expiresInactiveMessage),
    maxUseBotQueues: numberOr(c.maxUseBotQueues, DEFAULT_BOT_QUEUE_USES),
    timeUseBotQueues: numberOr(c.timeUseBotQueues, 0),
    timeSendQueue: typeof c.timeSendQueue === 'number' ? c.timeSendQueue : 0,
    sendIdQueue: reference(c.sendIdQueue),
    expiresTicket: numberOr(c.expiresTicket, 0),
    whenExpiresTicket: c.whenExpiresTicket === 1 ? 1 : 0,
    timeInactiveMessage: numberOr(c.timeInactiveMessage, 0),
    timeCreateNewTicket: numberOr(c.timeCreateNewTicket, 0),
    expiresTicketNPS: numberOr(c.expiresTicketNPS, 0),
    maxUseBotQueuesNPS: numberOr(c.maxUseBotQueuesNPS, DEFAULT_BOT_QUEUE_USES),
    schedules: connection?.schedules?.length ? connection.schedules : defaultSchedules,
  };
}

/** The texts of the validation messages (spec 2 §5 for the name), translated by the caller. */
export interface ConnectionFormMessages {
  required: string;
  tooShort: string;
  tooLong: string;
  importTooOld: string;
  importInFuture: string;
  importBeforeStart: string;
}

/** Spec 2 §5: name 2 to 50; import start within 2 years and not in the future; recent date between the start and now. */
export function connectionFormSchema(messages: ConnectionFormMessages, now: () => Date = () => new Date()) {
  const inWindow = (value: string | undefined) => !value || value >= importWindow(now()).min;
  const notFuture = (value: string | undefined) => !value || value <= importWindow(now()).max;
  return yup.object({
    name: yup.string().trim().required(messages.required).min(2, messages.tooShort).max(50, messages.tooLong),
    importOldMessages: yup.string().when('importEnabled', {
      is: true,
      then: (schema) =>
        schema.required(messages.required).test('window', messages.importTooOld, inWindow).test('past', messages.importInFuture, notFuture),
    }),
    importRecentMessages: yup.string().when('importEnabled', {
      is: true,
      then: (schema) =>
        schema
          .test('after-start', messages.importBeforeStart, function (value) {
            const start = this.parent.importOldMessages as string | undefined;
            return !value || !start || value >= start;
          })
          .test('past', messages.importInFuture, notFuture),
    }),
  });
}

/** The start of a local calendar day, or now when that day is today (the server refuses dates in the future). */
function dayToInstant(value: string, now: Date): string {
  const start = new Date(`${value}T00:00:00`);
  return (start > now ? now : start).toISOString();
}

/** The end of a local calendar day, at most now. */
function dayEndToInstant(value: string, now: Date): string {
  const end = new Date(`${value}T23:59:59`);
  return (end > now ? now : end).toISOString();
}

const count = (value: NumberField) => (value === '' ? undefined : Number(value));
const reference = (value: NumberField) => (value === '' ? null : Number(value));

/**
 * The body of POST/PUT /whatsapp from the dialog's values (spec 2 §7): `channel` only when creating, the channel
 * settings its plugin describes, the import dates only with the import on.
 */
export function connectionBody(
  values: ConnectionFormValues,
  options: { channel?: string; fields: ChannelSettingField[]; now?: Date },
): ConnectionInput {
  const now = options.now ?? new Date();
  const settings = Object.fromEntries(options.fields.map((field) => [field.key, values.settings[field.key] ?? '']));
  const importing = values.importEnabled && Boolean(values.importOldMessages);
  return {
    ...(options.channel ? { channel: options.channel } : {}),
    name: values.name.trim(),
    isDefault: values.isDefault,
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket,
    importOldMessages: importing ? dayToInstant(values.importOldMessages, now) : null,
    importRecentMessages: importing && values.importRecentMessages ? dayEndToInstant(values.importRecentMessages, now) : null,
    importOldMessagesGroups: importing && values.importOldMessagesGroups,
    closedTicketsPostImported: importing && values.closedTicketsPostImported,
    settings,
    integrationId: reference(values.integrationId),
    promptId: reference(values.promptId),
    queueIds: values.queueIds,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    inactiveMessage: values.inactiveMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    maxUseBotQueues: count(values.maxUseBotQueues),
    timeUseBotQueues: count(values.timeUseBotQueues),
    timeSendQueue: values.timeSendQueue,
    sendIdQueue: reference(values.sendIdQueue),
    expiresTicket: count(values.expiresTicket),
    whenExpiresTicket: values.whenExpiresTicket,
    timeInactiveMessage: count(values.timeInactiveMessage),
    timeCreateNewTicket: count(values.timeCreateNewTicket),
    expiresTicketNPS: count(values.expiresTicketNPS),
    maxUseBotQueuesNPS: count(values.maxUseBotQueuesNPS),
    schedules: values.schedules,
  };
}
