import { SwitchboardConfig } from '@switchboard/config';
import type { Logger as PinoLogger } from 'pino';

// A Symbol and a type share one name for every injectable contract (DESIGN §8.1).
// Classes (Tenancy, TokenService, Authenticator, RateLimits, SecretKeys) are bound by their class.
// The configuration package's own symbol: plugins ask the container for it too.
export const Config = SwitchboardConfig;
export type Config = SwitchboardConfig;

export const Logger = Symbol('Logger');
export type Logger = PinoLogger;
