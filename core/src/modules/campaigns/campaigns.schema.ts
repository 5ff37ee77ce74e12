import { wallClockAt } from '@switchboard/sdk/contracts';
import * as yup from 'yup';

// Spec 3 §5 "Campaign": name 2 to 50, required; up to 5 messages and 5 confirmation messages; empty strings arrive as
// null; scheduledAt as 'YYYY-MM-DD HH:mm:ss' (the company's wall time) or ISO; whatsappId comma-joined ids; tagListId
// 'Nenhuma' means none. Spec 3 §9: the settings' options.

export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_MESSAGE_MAX_LENGTH = 10_000;
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;

const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);
const emptyOrNoneToNull = (value: unknown, original: unknown) =>
  original === '' || original === null || original === 'Nenhuma' ? null : value;
const optionalId = (message: string) =>
  yup.number().nullable().transform(emptyOrNoneToNull).typeError(message).integer(message).positive(message);
const messageText = yup.string().nullable().transform(emptyToNull).max(CAMPAIGN_MESSAGE_MAX_LENGTH, 'Mensagem muito longa');

/** 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DDTHH:mm' without a zone: a wall time; anything with a zone: an instant. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const scheduledAt = yup
  .mixed<Date | string>()
  .nullable()
  .transform(emptyToNull)
  .test(
    'date',
    'Data inválida',
    (value) => value == null || value instanceof Date || WALL_TIME.test(value) || !Number.isNaN(Date.parse(value)),
  );

/** "1,2" | 1 | [1, 2] → [1, 2]; empty → []. */
const connectionIds = yup
  .mixed<number[]>()
  .transform((_value: unknown, original: unknown) => {
    if (original === '' || original === null || original === undefined) return [];
    const parts = Array.isArray(original) ? original : String(original).split(',');
    return parts.map((part) => (String(part).trim() === '' ? Number.NaN : Number(part)));
  })
  .test('ids', 'Conexão inválida', (ids) => ids === undefined || ids.every((id) => Number.isInteger(id) && id > 0));

const messageFields = Object.fromEntries(
  MESSAGE_SLOTS.flatMap((slot) => [
    [`message${slot}`, messageText],
    [`confirmationMessage${slot}`, messageText],
  ]),
) as Record<`message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`, typeof messageText>;

const fields = {
  name: yup.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  ...messageFields,
  confirmation: yup.boolean().transform((value: unknown, original: unknown) => (original === '' || original === null ? false : value)),
  scheduledAt,
  contactListId: optionalId('Lista inválida'),
  tagListId: optionalId('Tag inválida'),
  fileListId: optionalId('Lista de arquivos inválida'),
  whatsappId: connectionIds,
};

export const saveCampaignSchema = yup.object({ ...fields, name: fields.name.required('Required') });
export type SaveCampaignInput = yup.InferType<typeof saveCampaignSchema>;

export const updateCampaignSchema = yup.object({ ...fields, name: fields.name.nonNullable('Required') });
export type UpdateCampaignInput = yup.InferType<typeof updateCampaignSchema>;

export const listCampaignsSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Muito longo!').default(''),
});

/** Turns a validated scheduledAt into an instant; a wall time is read in `timeZone`. */
export function scheduledInstant(value: Date | string | null | undefined, timeZone: string): Date | null | undefined {
  if (value === undefined || value === null || value instanceof Date) return value;
  const wall = WALL_TIME.exec(value);
  if (!wall) return new Date(value);
  const [, year, month, day, hour, minute, second] = wall.map(Number) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second || 0);
  // The zone's offset at that moment, from how the zone shows the UTC reading; applied twice around DST changes.
  let instant = asUtc - offsetMs(asUtc, timeZone);
  instant = asUtc - offsetMs(instant, timeZone);
  return new Date(instant);
}

function offsetMs(instant: number, timeZone: string): number {
  const shown = wallClockAt(instant, timeZone);
  return Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - Math.floor(instant / 1000) * 1000;
}

// --- campaign settings: spec 3 §9 lists the screen's options; the server takes any whole number in a sane range ---

const seconds = (max: number) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError('Intervalo inválido')
    .integer('Intervalo inválido')
    .min(0, 'Intervalo inválido')
    .max(max, 'Intervalo inválido');

export const campaignSettingsSchema = yup.object({
  messageInterval: seconds(3_600),
  longerIntervalAfter: seconds(100_000),
  greaterInterval: seconds(86_400),
  variables: yup
    .array(
      yup.object({
        key: yup.string().trim().required('Obrigatório').max(50, 'Muito longo!'),
        value: yup.string().default('').max(CAMPAIGN_MESSAGE_MAX_LENGTH, 'Muito longo!'),
      }),
    )
    .test('unique', 'Variável repetida', (list) => !list || new Set(list.map((entry) => entry.key)).size === list.length),
});
export type CampaignSettingsInput = yup.InferType<typeof campaignSettingsSchema>;
