import type { HistoryImportProgress, HistoryImportRequest } from '@switchboard/sdk';
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
