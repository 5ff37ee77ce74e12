import { afterEach, describe, expect, it } from '@jest/globals';
import { defaultCallRejection } from '../call-rejection.js';
import { connectedSession, eventsBeforeNext, type Harness } from './session-harness.js';

const ALICE = '5511912345678';
const ALICE_JID = `${ALICE}@s.whatsapp.net`;
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.session.stop({ logout: false });
  harness = undefined;
});

const offer = (id: string) => ({ chatId: ALICE_JID, from: ALICE_JID, id, date: new Date(), status: 'offer' as const, offline: false });

/** Every call fired so far was handled. */
async function settle(): Promise<void> {
  await eventsBeforeNext(harness!.whatsapp, harness!.ctx);
}

describe('calls and the acceptCallWhatsapp option', () => {
  it('rejects a call and tells the caller with the connection message when the company has calls off', async () => {
    harness = await connectedSession({}, { callRejectionMessage: 'Aqui só por mensagem, por favor.' });
    harness.ctx.companySettings.set('acceptCallWhatsapp', 'disabled');
    harness.whatsapp.socket.ev.fire('call', [offer('CALL-OFF')]);
    await settle();
    expect(harness.whatsapp.socket.rejectedCalls).toEqual([{ callId: 'CALL-OFF', callFrom: ALICE_JID }]);
    expect(harness.whatsapp.socket.sent.map((m) => [m.jid, (m.content as { text?: string }).text])).toEqual([
      [ALICE_JID, 'Aqui só por mensagem, por favor.'],
    ]);
    // The call is still logged on the ticket.
    expect(harness.ctx.events).toContainEqual({ type: 'call', externalId: 'CALL-OFF', chat: { address: ALICE }, status: 'offer' });
  });

  it('uses the default text when the connection has none, and leaves calls alone when they are on', async () => {
    harness = await connectedSession();
    harness.ctx.companySettings.set('acceptCallWhatsapp', 'disabled');
    harness.whatsapp.socket.ev.fire('call', [offer('CALL-DEFAULT')]);
    await settle();
    expect((harness.whatsapp.socket.sent[0]?.content as { text?: string }).text).toBe(defaultCallRejection('pt-BR'));
    expect(defaultCallRejection('pt-BR')).toContain('chamadas de voz e vídeo estão desabilitadas');

    harness.ctx.companySettings.set('acceptCallWhatsapp', 'enabled');
    harness.whatsapp.socket.ev.fire('call', [offer('CALL-ON')]);
    await settle();
    expect(harness.whatsapp.socket.rejectedCalls.map((c) => c.callId)).toEqual(['CALL-DEFAULT']);
  });

  it("tells the caller in the company's language for customers", async () => {
    harness = await connectedSession();
    harness.ctx.companySettings.set('acceptCallWhatsapp', 'disabled');
    harness.ctx.companySettings.set('customerLanguage', 'en');
    harness.whatsapp.socket.ev.fire('call', [offer('CALL-EN')]);
    await settle();
    expect((harness.whatsapp.socket.sent[0]?.content as { text?: string }).text).toBe(
      '*Automatic message:* voice and video calls are turned off for this WhatsApp. Please send a text message. Thank you!',
    );
  });
});

describe('getMessage for WhatsApp retries', () => {
  it('answers what this connection sent, decoded from the store, and nothing for other ids', async () => {
    harness = await connectedSession();
    const { externalId } = await harness.session.send({ messageId: 1, to: { address: ALICE }, body: 'Olá de novo' });
    const getMessage = harness.whatsapp.socket.options.getMessage;
    expect(await getMessage({ id: externalId, remoteJid: ALICE_JID, fromMe: true })).toMatchObject({
      extendedTextMessage: { text: 'Olá de novo' },
    });
    expect(await getMessage({ id: 'UNKNOWN', remoteJid: ALICE_JID, fromMe: true })).toBeUndefined();
  });
});
