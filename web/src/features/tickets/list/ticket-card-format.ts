import { format, parseISO } from 'date-fns';

/** Card limits (spec 1 §2, §9): contact name 30 characters (10 under 600 px), last message 30. */
export const NAME_MAX = 30;
export const NAME_MAX_NARROW = 10;
export const LAST_MESSAGE_MAX = 30;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** HH:mm for today's activity, else dd/MM/yyyy. */
export function ticketTime(updatedAt: string | null | undefined, now = new Date()): string {
  if (!updatedAt) return '';
  const date = parseISO(updatedAt);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? format(date, 'HH:mm') : format(date, 'dd/MM/yyyy');
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * What kind of message the ticket's last message is: by its stored type (spec 1 §2 'Localização' / 'Contato'); a
 * ticket from before the type was kept falls back to the text's shape (a vCard, or 'latitude,longitude' last).
 */
export function lastMessageKind(lastMessage: string | null | undefined, lastMessageType?: string | null): 'location' | 'contact' | 'text' {
  if (lastMessageType === 'locationMessage') return 'location';
  if (lastMessageType === 'contactMessage') return 'contact';
  if (lastMessageType) return 'text';
  const text = (lastMessage ?? '').trim();
  if (text.includes('BEGIN:VCARD')) return 'contact';
  const lastLine = text.split('\n').pop() ?? '';
  if (/^-?\d{1,3}(\.\d+)?,\s?-?\d{1,3}(\.\d+)?$/.test(lastLine) || /^data:image\/png;base64,.*\|https?:\/\/maps\./.test(text)) {
    return 'location';
  }
  return 'text';
}
