import { DEFAULT_TIME_ZONE } from './clock.js';

// Building a DateTimeFormat is costly and routing asks on every inbound message: one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return formatOf(DEFAULT_TIME_ZONE);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The weekday ('monday'..'sunday') and minutes since midnight of an instant on a time zone's wall clock, for the
 * weekly hours of queues, users and on-call shifts. An unknown or empty zone reads as the default rather than failing
 * the conversation that asks.
 */
export function weekClock(at: Date, timeZone: string | null | undefined): { weekdayEn: string; minutes: number } {
  const parts = Object.fromEntries(
    formatOf(timeZone || DEFAULT_TIME_ZONE)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { weekdayEn: String(parts.weekday).toLowerCase(), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A time of day written 'HH:MM' (or 'H:MM') as minutes since midnight; undefined when it is not one. */
export function minutesOfDay(time: string | null | undefined): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
