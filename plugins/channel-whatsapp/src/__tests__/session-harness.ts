import type { HistoryImportProgress, HistoryImportRequest, InboundEvent } from '@switchboard/sdk';
import { RecordingSessionContext } from '@switchboard/sdk/testing';
import { WhatsappSession, type WhatsappSessionOptions } from '../whatsapp-session.js';
import { FakeWhatsapp } from './fake-whatsapp.js';

/** A recording context that also takes a history import request and records the import's progress reports. */
export class WhatsappTestContext extends RecordingSessionContext {
  historyImport?: HistoryImportRequest;
  readonly importReports: HistoryImportProgress[] = [];

  async importProgress(progress: HistoryImportProgress): Promise<void> {
    this.importReports.push(progress);
  }
}

export interface Harness {
  whatsapp: FakeWhatsapp;
  ctx: WhatsappTestContext;
  session: WhatsappSession;
}

const MARKER = '5500000000001';

/**
 * The events handed to core before a presence fired now, which is left out: the session handles socket events one
 * at a time in arrival order, so once it arrives every event fired before it was handled. Tests of what did not
 * happen wait on this, not on a sleep.
 */
export async function eventsBeforeNext(whatsapp: FakeWhatsapp, ctx: RecordingSessionContext): Promise<InboundEvent[]> {
  const jid = `${MARKER}@s.whatsapp.net`;
  whatsapp.socket.ev.fire('presence.update', { id: jid, presences: { [jid]: { lastKnownPresence: 'paused' } } });
  const isMarker = (event: InboundEvent) => event.type === 'presence' && event.chat.address === MARKER;
  await ctx.waitFor(() => ctx.events.find(isMarker), 'the presence fired last', { timeoutMs: 2000 });
  return ctx.events.filter((event) => !isMarker(event));
}

/** A session on a fake WhatsApp, started and CONNECTED; with historyImport, the connection asks for its history. */
export async function connectedSession(
  options: WhatsappSessionOptions = {},
  settings: Record<string, unknown> = {},
  historyImport?: HistoryImportRequest,
): Promise<Harness> {
  const whatsapp = new FakeWhatsapp();
  const ctx = new WhatsappTestContext({ channel: 'whatsapp', settings });
  if (historyImport) ctx.historyImport = historyImport;
  const session = new WhatsappSession(ctx, { socketFactory: whatsapp.factory, download: whatsapp.download, ...options });
  await session.start();
  await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });
  return { whatsapp, ctx, session };
}
