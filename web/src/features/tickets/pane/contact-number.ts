/** How a contact's number is shown (spec 1 §5 phone display). */
export type NumberDisplay = { kind: 'unavailable' } | { kind: 'invalid' } | { kind: 'number'; text: string };

const PHONE = /^\d{8,15}$/;

/**
 * The number formatted for reading; with `masked` (lgpdHideNumber for profile user) the middle digits are hidden.
 * Brazilian numbers read as +55 (11) 91234-5678, others as +digits.
 */
export function displayNumber(number: string | null | undefined, masked: boolean): NumberDisplay {
  const raw = (number ?? '').trim();
  if (!raw) return { kind: 'unavailable' };
  const digits = raw.replace(/[\s()+-]/g, '');
  if (!PHONE.test(digits)) return { kind: 'invalid' };
  const shown = masked ? maskDigits(digits) : digits;
  if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) {
    const area = shown.slice(2, 4);
    const local = shown.slice(4);
    const split = local.length - 4;
    return { kind: 'number', text: `+55 (${area}) ${local.slice(0, split)}-${local.slice(split)}` };
  }
  return { kind: 'number', text: `+${shown}` };
}

/** Keeps the country/area prefix and the last 4 digits. */
function maskDigits(digits: string): string {
  const keepStart = Math.min(4, digits.length - 4);
  return digits.slice(0, keepStart) + '*'.repeat(digits.length - keepStart - 4) + digits.slice(-4);
}
