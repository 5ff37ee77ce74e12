import { customerLanguageOf, customerText } from './customer-texts/customer-texts.js';

/**
 * The placeholders a text sent to a contact may hold (spec 3 §3: firstName, name, userName, ms, protocol, date, hour,
 * ticket_id, queue, connection), written {{name}}. One function fills them in every message sent to a contact
 * (agents' messages and quick replies, the company's greetings and farewells, the product's catalogue texts,
 * schedules, the external API), so each text gets the same variables in the company's language (DESIGN §8.14).
 */
export interface TemplateFacts {
  contactName: string;
  userName: string;
  protocol: string;
  ticketId: number;
  queueName: string;
  connectionName: string;
  /** The moment of sending and the company's time zone, for ms, date and hour. */
  now: Date;
  timeZone: string;
  /** The company's customerLanguage: {{ms}}, {{date}} and {{hour}} are written in it. */
  language: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** Whether the text names any placeholder (so the facts are read only when needed). */
export function hasPlaceholders(text: string): boolean {
  return /\{\{\s*[A-Za-z_]+\s*\}\}/.test(text);
}

/** The greeting of the hour ({{ms}}) in the company's language. */
function greetingOfHour(hour: number, language: string): string {
  const timeOfDay = hour < 6 ? 'night' : hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return customerText(`timeOfDay.${timeOfDay}`, { language });
}

/** Date and hour as the language writes them, in the company's zone (an unknown zone reads as São Paulo's). */
function partsIn(now: Date, timeZone: string, language: string): { date: string; hour: string; hourNumber: number } {
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(language, { ...options, timeZone });
    } catch {
      return new Intl.DateTimeFormat(language, { ...options, timeZone: 'America/Sao_Paulo' });
    }
  };
  const format = (options: Intl.DateTimeFormatOptions) => formatter(options).format(now);
  const hourOfDay = formatter({ hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(now)
    .find((part) => part.type === 'hour');
  return {
    date: format({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    hour: format({ hour: '2-digit', minute: '2-digit' }),
    hourNumber: Number(hourOfDay?.value ?? 0),
  };
}

/** Fills every known placeholder; an unknown one stays as written, so a typo shows rather than vanishing. */
export function fillPlaceholders(text: string, facts: TemplateFacts): string {
  if (!hasPlaceholders(text)) return text;
  const language = customerLanguageOf(facts.language);
  const time = partsIn(facts.now, facts.timeZone, language);
  const name = facts.contactName.trim();
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    userName: facts.userName,
    ms: greetingOfHour(time.hourNumber, language),
    protocol: facts.protocol,
    date: time.date,
    hour: time.hour,
    ticket_id: String(facts.ticketId),
    queue: facts.queueName,
    connection: facts.connectionName,
  };
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}
