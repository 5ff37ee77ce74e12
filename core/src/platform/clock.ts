export const Clock = Symbol('Clock');
/**
 * The time conversation rules read (service hours, timers). Bound to the system clock; scenario tests rebind it
 * to a clock they move, so an hour of waiting takes no time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The company timezone when none (or an unknown one) is set (DESIGN §4). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
