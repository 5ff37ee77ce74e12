import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Channels whose contact number is a phone number; other channels carry their own user ids (PSID, ...). */
const phoneChannels = new Set(['whatsapp', 'whatsappapi']);

/**
 * The number a contact is stored under (spec 1 §5: digits only, with the Brazilian country code 55 added when
 * the number does not already start so). A group id, or the user id of a channel that is not a phone channel,
 * is kept as given. A number written internationally ('+351 912 345 678', '00351...') keeps its own country
 * code; a Brazilian national number with a trunk prefix ('011 98765-4321') loses the 0.
 */
export function normalizeContactNumber(options: { number: string; isGroup?: boolean; channel?: string }): string {
  const given = options.number.trim();
  if (options.isGroup || !phoneChannels.has(options.channel ?? 'whatsapp')) return given;
  const digits = given.replace(/\D/g, '');
  if (!digits) return '';
  if (given.startsWith('+') || given.startsWith('00')) {
    const international = given.startsWith('+') ? digits : digits.slice(2);
    const parsed = parsePhoneNumberFromString(`+${international}`);
    return parsed?.isValid() ? parsed.number.slice(1) : international;
  }
  if (digits.startsWith('55')) return digits;
  if (digits.length <= 12) {
    const national = parsePhoneNumberFromString(digits, 'BR');
    if (national?.isValid() && national.countryCallingCode === '55') return national.number.slice(1);
  }
  return `55${digits}`;
}

/** Another spelling of a number for lookups: the stored form, and the digits a client may send. */
export function numberVariants(number: string): string[] {
  const given = number.trim();
  const variants = new Set([given, normalizeContactNumber({ number: given })]);
  const digits = given.replace(/\D/g, '');
  if (digits) variants.add(digits);
  return [...variants].filter(Boolean);
}
