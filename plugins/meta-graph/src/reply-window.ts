import type { PluginStore } from '@switchboard/sdk';

/** Messenger and Instagram let a page answer freely for 24 hours after the person's last message. */
export const REPLY_WINDOW_HOURS = 24;
const WINDOW_MS = REPLY_WINDOW_HOURS * 60 * 60 * 1000;

const LAST_INBOUND = 'lastInbound:';
const SENT = 'sent:';

/** Records that `address` wrote at `at` (ms); keeps the latest. */
export async function recordInbound(store: PluginStore, address: string, at: number): Promise<void> {
  const known = Number((await store.get(LAST_INBOUND + address)) ?? 0);
  if (!(at <= known)) await store.set(LAST_INBOUND + address, String(at));
}

/** When `address` last wrote (ms), if ever. */
export async function lastInbound(store: PluginStore, address: string): Promise<number | undefined> {
  const value = await store.get(LAST_INBOUND + address);
  return value === undefined ? undefined : Number(value);
}

/** Whether a reply to `address` at `now` is within the 24-hour window. */
export async function insideReplyWindow(store: PluginStore, address: string, now = Date.now()): Promise<boolean> {
  const last = await lastInbound(store, address);
  return last !== undefined && now - last < WINDOW_MS;
}

/**
 * Messages the page sent, kept until read: Messenger's read and delivery receipts name a watermark (everything
 * sent before it), not message ids, so the plugin keeps `sent:<address>:<ms>:<mid>` → highest ack handed to core.
 */
export async function recordSent(store: PluginStore, address: string, mid: string, at: number): Promise<void> {
  await store.set(`${SENT}${address}:${String(at).padStart(15, '0')}:${mid}`, '1');
}

/**
 * The messages sent to `address` up to `watermark` whose ack is below `ack`; marks them as acked (ack 3 forgets
 * them: nothing comes after read).
 */
export async function takeSentUpTo(store: PluginStore, address: string, watermark: number, ack: 2 | 3): Promise<string[]> {
  const prefix = `${SENT}${address}:`;
  const mids: string[] = [];
  for (const [key, value] of await store.list(prefix)) {
    const rest = key.slice(prefix.length);
    const colon = rest.indexOf(':');
    const at = Number(rest.slice(0, colon));
    if (!(at <= watermark) || Number(value) >= ack) continue;
    mids.push(rest.slice(colon + 1));
    if (ack === 3) await store.delete(key);
    else await store.set(key, String(ack));
  }
  return mids;
}

/** When the page sent `mid` to `address` (ms), while it is kept (Instagram's read receipt names a mid). */
export async function sentAt(store: PluginStore, address: string, mid: string): Promise<number | undefined> {
  const prefix = `${SENT}${address}:`;
  for (const [key] of await store.list(prefix)) {
    if (key.endsWith(`:${mid}`)) return Number(key.slice(prefix.length).split(':')[0]);
  }
  return undefined;
}
