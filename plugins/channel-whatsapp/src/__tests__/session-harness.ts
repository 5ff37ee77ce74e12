import { RecordingSessionContext } from '@switchboard/sdk/testing';
import { WhatsappSession, type WhatsappSessionOptions } from '../whatsapp-session.js';
import { FakeWhatsapp } from './fake-whatsapp.js';

export interface Harness {
  whatsapp: FakeWhatsapp;
  ctx: RecordingSessionContext;
  session: WhatsappSession;
}

/** A session on a fake WhatsApp, started and CONNECTED. */
export async function connectedSession(options: WhatsappSessionOptions = {}, settings: Record<string, unknown> = {}): Promise<Harness> {
  const whatsapp = new FakeWhatsapp();
  const ctx = new RecordingSessionContext({ channel: 'whatsapp', settings });
  const session = new WhatsappSession(ctx, { socketFactory: whatsapp.factory, download: whatsapp.download, ...options });
  await session.start();
  await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });
  return { whatsapp, ctx, session };
}
