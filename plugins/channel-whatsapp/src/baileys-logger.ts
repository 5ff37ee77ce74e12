import type { PluginLogger } from '@switchboard/sdk';
import type { BaileysLogger } from './whatsapp-socket.js';

/** Baileys' pino-style logger on top of the plugin logger; Baileys' chatty trace/debug/info lines are dropped. */
export function baileysLogger(log: PluginLogger, bindings: Record<string, unknown> = {}): BaileysLogger {
  const forward =
    (level: 'warn' | 'error') =>
    (obj: unknown, msg?: string): void => {
      const message = msg ?? (typeof obj === 'string' ? obj : 'baileys');
      const data = obj && typeof obj === 'object' ? { ...bindings, ...(obj as Record<string, unknown>) } : bindings;
      log[level](message, data);
    };
  const ignore = (): void => undefined;
  return {
    level: 'warn',
    child: (obj: Record<string, unknown>) => baileysLogger(log, { ...bindings, ...obj }),
    trace: ignore,
    debug: ignore,
    info: ignore,
    warn: forward('warn'),
    error: forward('error'),
  };
}
