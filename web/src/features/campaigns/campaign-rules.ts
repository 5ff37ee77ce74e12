import { addHours, format, isAfter, parseISO } from 'date-fns';
import { wallClockAt, type Campaign, type CampaignStatus } from '@switchboard/sdk/contracts';

export type { Campaign, CampaignStatus };

/** Spec 3 §9: a campaign has up to five messages and five confirmation messages. */
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export type MessageSlot = (typeof MESSAGE_SLOTS)[number];
export type MessageField = `message${MessageSlot}`;
export type ConfirmationField = `confirmationMessage${MessageSlot}`;

/** Spec 3 §4: stop only while running, restart only once cancelled. */
export const canCancel = (campaign: Pick<Campaign, 'status'>) => campaign.status === 'EM_ANDAMENTO';
export const canRestart = (campaign: Pick<Campaign, 'status'>) => campaign.status === 'CANCELADA';

/**
 * Spec 3 §4: the form may change a campaign that has not started — inactive, or scheduled more than an hour from
 * now. A new campaign (no record) is always editable.
 */
export function isEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null | undefined, now = new Date()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  return isAfter(parseISO(campaign.scheduledAt), addHours(now, 1));
}

/** What the form lets the user touch: every field, only the messages (a cancelled campaign), or nothing. */
export interface CampaignFormAccess {
  fields: boolean;
  messages: boolean;
  save: boolean;
}

export function formAccess(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null | undefined, now = new Date()): CampaignFormAccess {
  const editable = isEditable(campaign, now);
  const cancelled = campaign?.status === 'CANCELADA';
  return { fields: editable, messages: editable || cancelled, save: editable || cancelled };
}

/** The form's values: every text as typed (empty when unset), the schedule as a datetime-local value. */
export interface CampaignFormValues {
  name: string;
  /** The chosen connections' ids. */
  whatsappIds: number[];
  contactListId: number | '';
  /** 'Nenhuma' (spec 3 §9) is no tag. */
  tagListId: number | 'Nenhuma';
  /** yyyy-MM-ddTHH:mm in the browser's time zone, or empty for no schedule. */
  scheduledAt: string;
  confirmation: boolean;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
}

/** The body of POST and PUT /campaigns (spec 3 §5): empty strings as null, scheduledAt as the company's wall time. */
export type CampaignInput = {
  name: string;
  whatsappId: string;
  contactListId: number | null;
  tagListId: number | null;
  scheduledAt: string | null;
  confirmation: boolean;
} & Record<MessageField | ConfirmationField, string | null>;

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** DESIGN §4: the time zone of a company that has none set; the server reads a sent schedule as wall time there. */
const DEFAULT_COMPANY_TIME_ZONE = 'America/Sao_Paulo';

/**
 * An instant as the company's wall time, 'YYYY-MM-DD HH:mm:ss' (spec 3 §5): the browser may be in another zone, so
 * the time the user picked is carried over rather than its digits.
 */
export function companyWallTime(instant: Date, timeZone: string): string {
  const shown = wallClockAt(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${shown.year}-${two(shown.month)}-${two(shown.day)} ${two(shown.hour)}:${two(shown.minute)}:${two(shown.second)}`;
}

const messageField = (slot: MessageSlot): MessageField => `message${slot}`;
const confirmationField = (slot: MessageSlot): ConfirmationField => `confirmationMessage${slot}`;

/** The connections' ids a campaign's comma-joined whatsappId names. */
export function connectionIds(whatsappId: string | number | null | undefined): number[] {
  return String(whatsappId ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The names of a campaign's connections (its whatsappId may name several), or null when it has none. */
export function connectionNames(campaign: Pick<Campaign, 'whatsapps' | 'whatsapp'>): string | null {
  const names = (campaign.whatsapps ?? []).map((connection) => connection.name).filter(Boolean);
  return names.length > 0 ? names.join(', ') : (campaign.whatsapp?.name ?? null);
}

export function formValues(campaign: Campaign | null | undefined): CampaignFormValues {
  const texts = Object.fromEntries(
    MESSAGE_SLOTS.flatMap((slot) => [
      [messageField(slot), campaign?.[messageField(slot)] ?? ''],
      [confirmationField(slot), campaign?.[confirmationField(slot)] ?? ''],
    ]),
  ) as Record<MessageField | ConfirmationField, string>;
  return {
    name: campaign?.name ?? '',
    whatsappIds: connectionIds(campaign?.whatsappId),
    contactListId: campaign?.contactListId ?? '',
    tagListId: campaign?.tagListId ?? 'Nenhuma',
    scheduledAt: campaign?.scheduledAt ? format(parseISO(campaign.scheduledAt), LOCAL_INPUT) : '',
    confirmation: campaign?.confirmation ?? false,
    ...texts,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** The form's values as the API reads them; `timeZone` is the company's (the session's company), not the browser's. */
export function campaignInput(values: CampaignFormValues, timeZone = DEFAULT_COMPANY_TIME_ZONE): CampaignInput {
  const texts = Object.fromEntries(
    MESSAGE_SLOTS.flatMap((slot) => [
      [messageField(slot), orNull(values[messageField(slot)])],
      [confirmationField(slot), orNull(values[confirmationField(slot)])],
    ]),
  ) as Record<MessageField | ConfirmationField, string | null>;
  return {
    name: values.name.trim(),
    whatsappId: values.whatsappIds.join(','),
    contactListId: values.contactListId === '' ? null : values.contactListId,
    tagListId: values.tagListId === 'Nenhuma' ? null : values.tagListId,
    scheduledAt: values.scheduledAt ? companyWallTime(new Date(values.scheduledAt), timeZone) : null,
    confirmation: values.confirmation,
    ...texts,
  };
}

/** Spec 3 §4: a cancelled campaign may change only its messages, so only they are sent. */
export function messagesOf(input: CampaignInput): Partial<CampaignInput> {
  return Object.fromEntries(
    MESSAGE_SLOTS.flatMap((slot) => [messageField(slot), confirmationField(slot)]).map((field) => [field, input[field]]),
  );
}

export { messageField, confirmationField };

/**
 * Spec 3 §5: a custom variable is added only when its key is new (compared trimmed and case-insensitively, as the
 * message reads {key}); answers the list unchanged otherwise.
 */
export function addVariable<V extends { key: string; value: string }>(variables: V[], added: V): V[] {
  const key = added.key.trim();
  if (!key || variables.some((variable) => variable.key.trim().toLowerCase() === key.toLowerCase())) return variables;
  return [...variables, { ...added, key }];
}
