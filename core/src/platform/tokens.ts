import type { SwitchboardConfig } from '@switchboard/config';
import type { Logger as PinoLogger } from 'pino';

// A Symbol and a type share one name for every injectable contract (DESIGN §8.1).
// Classes (Tenancy, TokenService, Authenticator, RateLimits, SecretKeys) are bound by their class.
export const Config = Symbol('Config');
export type Config = SwitchboardConfig;

export const Logger = Symbol('Logger');
export type Logger = PinoLogger;
