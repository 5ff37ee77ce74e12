import type { PluginStore } from '@switchboard/sdk';
import { proto } from '@whiskeysockets/baileys';

const PREFIX = 'sent:';
/** WhatsApp asks for a message again (getMessage) within minutes or hours of sending it; three days is ample. */
export const SENT_KEPT_MS = 3 * 86_400_000;
/** And never more than this many, however busy the connection. */
export const SENT_KEPT_MAX = 5000;
/** Sends between two prunes. */
const PRUNE_EVERY = 100;

/**
 * What this connection sent, encoded, in its store (`sent:<id>` = `<sent at ms>:<base64 proto>`), for WhatsApp's
 * retry requests. Pruned when the connection opens and every hundred sends, so the store does not grow forever;
 * entries of the older format (no time) count as expired.
 */
export class SentMessages {
  private sendsSincePrune = 0;

  constructor(
    private readonly store: PluginStore,
    private readonly now: () => number = Date.now,
  ) {}

  async keep(id: string, message: proto.IMessage): Promise<void> {
    const encoded = Buffer.from(proto.Message.encode(message).finish()).toString('base64');
    await this.store.set(`${PREFIX}${id}`, `${this.now()}:${encoded}`);
    this.sendsSincePrune += 1;
    if (this.sendsSincePrune >= PRUNE_EVERY) await this.prune();
  }

  async find(id: string | null | undefined): Promise<proto.IMessage | undefined> {
    const stored = id ? await this.store.get(`${PREFIX}${id}`) : undefined;
    return stored ? proto.Message.decode(Buffer.from(stored.slice(stored.indexOf(':') + 1), 'base64')) : undefined;
  }

  /** Drops what is older than SENT_KEPT_MS, then all but the SENT_KEPT_MAX newest. */
  async prune(): Promise<void> {
    this.sendsSincePrune = 0;
    const oldest = this.now() - SENT_KEPT_MS;
    const kept: { key: string; at: number }[] = [];
    for (const [key, value] of await this.store.list(PREFIX)) {
      const colon = value.indexOf(':');
      const at = colon > 0 ? Number(value.slice(0, colon)) : NaN;
      if (Number.isFinite(at) && at >= oldest) kept.push({ key, at });
      else await this.store.delete(key);
    }
    kept.sort((a, b) => b.at - a.at);
    for (const { key } of kept.slice(SENT_KEPT_MAX)) await this.store.delete(key);
  }
}
