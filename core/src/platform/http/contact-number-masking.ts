/** Whether a company hides contact numbers from its profile users (lgpdHideNumber); bound by the settings module. */
export const NumberHiding = Symbol('NumberHiding');
export interface NumberHiding {
  hidesNumbers(companyId: number): Promise<boolean>;
}

/** A number partly hidden: the first and last four characters stay (5511*****4321), fewer for a short one. */
export function maskedNumber(number: string): string {
  const kept = number.length > 8 ? 4 : Math.floor(number.length / 4);
  return `${number.slice(0, kept)}${'*'.repeat(number.length - 2 * kept)}${number.slice(number.length - kept)}`;
}

/**
 * Whether an object carries a person's number: contacts and every summary of one ({id, name, number}, a
 * schedule's or a ticket's `contact`, a contact-list item) hold it as a string `number`. A connection holds its
 * own line (the company's, not a person's) there too and is told apart by its `isDefault` or session `qrcode`.
 * Deciding by shape, not by route, is what keeps a new route from forgetting the mask.
 */
function holdsPersonNumber(value: unknown): value is { number: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.number === 'string' && !('isDefault' in record) && !('qrcode' in record);
}

/**
 * A JSON answer or realtime payload as the masked viewers get it (lgpdHideNumber): a copy, serialised as it would
 * be sent, in which every contact-shaped object has its number masked. The one masking of responses and events.
 */
export function withMaskedContactNumbers(payload: unknown): unknown {
  if (payload === undefined) return payload;
  const json = JSON.stringify(payload);
  // Most events and answers hold no number at all: they go as they are, unparsed.
  if (json === undefined || !json.includes('"number":"')) return payload;
  return JSON.parse(json, (_key, value: unknown) => (holdsPersonNumber(value) ? { ...value, number: maskedNumber(value.number) } : value));
}

/** Whether a user sees contact numbers masked: lgpdHideNumber is on and the user is a profile 'user'. */
export async function seesNumbersMasked(hiding: NumberHiding, viewer: { companyId: number; profile: string }): Promise<boolean> {
  if (viewer.profile !== 'user') return false;
  return hiding.hidesNumbers(viewer.companyId);
}

/**
 * The response step of the API router for lgpdHideNumber (spec 1 §5 phone display): every JSON answer to a profile
 * user of a company with the setting on passes through withMaskedContactNumbers; admins and supervisors see numbers
 * whole. The setting is read at each such request (cached until it changes), so a change applies at once.
 */
export class ContactNumberMasking {
  constructor(private readonly hiding: NumberHiding) {}

  async shape(viewer: { companyId: number; profile: string } | undefined, body: unknown): Promise<unknown> {
    if (!viewer || !(await seesNumbersMasked(this.hiding, viewer))) return body;
    return withMaskedContactNumbers(body);
  }
}
