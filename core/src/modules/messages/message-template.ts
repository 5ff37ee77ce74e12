/**
 * The placeholders a text sent to a contact may hold (spec 3 §3: firstName, name, userName, ms, protocol, date, hour,
 * ticket_id, queue, connection), written {{name}}. One function fills them for every message the product sends
 * (farewells, greetings, signed agent messages), so each text gets the same variables (DESIGN §8.14).
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
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** Whether the text names any placeholder (so the facts are read only when needed). */
export function hasPlaceholders(text: string): boolean {
  return /\{\{\s*[A-Za-z_]+\s*\}\}/.test(text);
}

/** The greeting of the hour in the company's zone, as the Brazilian product says it. */
function greetingOfHour(hour: number): string {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

function partsIn(now: Date, timeZone: string): { date: string; hour: string; hourNumber: number } {
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('pt-BR', { ...options, timeZone }).format(now);
    } catch {
      return new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: 'America/Sao_Paulo' }).format(now);
    }
  };
  const hour = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return { date: format({ day: '2-digit', month: '2-digit', year: 'numeric' }), hour, hourNumber: Number(hour.slice(0, 2)) };
}

/** Fills every known placeholder; an unknown one stays as written, so a typo shows rather than vanishing. */
export function fillPlaceholders(text: string, facts: TemplateFacts): string {
  if (!hasPlaceholders(text)) return text;
  const time = partsIn(facts.now, facts.timeZone);
  const name = facts.contactName.trim();
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    userName: facts.userName,
    ms: greetingOfHour(time.hourNumber),
    protocol: facts.protocol,
    date: time.date,
    hour: time.hour,
    ticket_id: String(facts.ticketId),
    queue: facts.queueName,
    connection: facts.connectionName,
  };
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}
