import { describe, expect, it } from '@jest/globals';
import { customerText } from '../../messages/index.js';
import { ConversationTimers } from '../conversation-timers.js';
import { acceptTicket, agentSays, ourMessages, resolveTicket, scenarioOfThisFile, type Visitor } from './routing-scenario.js';

// A company writes in pt-BR unless it chooses another language.
const AUDIO_REFUSED = customerText('audio.refused', { language: 'pt-BR' });
const LGPD_QUESTION = customerText('lgpd.question', { language: 'pt-BR' });

const RATING = 'Avalie nosso atendimento';
const FAREWELL = 'Até logo!';
const STILL_THERE = 'Ainda por aí?';
const AUDIO = { fileName: 'voz.ogg', mimeType: 'audio/ogg', data: Buffer.from('OggS fake audio') };

const scenario = scenarioOfThisFile();

const knex = () => scenario().server.ports.database.knex;

/** A visitor known as a contact (their first ticket closed), with the contact's columns set. */
async function knownVisitor(contactColumns: Record<string, unknown>): Promise<Visitor> {
  await scenario().companySettings({ enable_lgpd: 'disabled' });
  const visitor = await scenario().visitor();
  await visitor.say('primeira conversa');
  const first = await visitor.ticket();
  await knex()('tickets').where('id', first.id).update({ status: 'closed' });
  await knex()('contacts').where('id', first.contact_id).update(contactColumns);
  return visitor;
}

describe('contact with the bot disabled', () => {
  it('gets no LGPD question, no inactivity message and no rating request', async () => {
    const visitor = await knownVisitor({ disable_bot: true });
    await scenario().companySettings({ enable_lgpd: 'enabled', lgpd_consent: 'enabled', lgpd_message: 'Política', user_rating: 'enabled' });
    await scenario().connectionColumns({
      time_inactive_message: 5,
      inactive_message: STILL_THERE,
      rating_message: RATING,
      complation_message: FAREWELL,
    });

    await visitor.say('oi de novo');
    const ticket = await visitor.ticket();
    expect(ticket.status).toBe('pending');
    expect(await ourMessages(scenario(), ticket.id)).not.toContainEqual(expect.stringContaining(LGPD_QUESTION));

    await acceptTicket(scenario(), ticket.id);
    await agentSays(scenario(), ticket.id, 'Olá, em que posso ajudar?');
    expect(await scenario().server.container.get(ConversationTimers).pending(scenario().company.companyId, ticket.id)).toEqual([]);

    await resolveTicket(scenario(), ticket.id);
    await visitor.waitForReply(FAREWELL);
    expect((await visitor.ticket()).status).toBe('closed');
    expect(await ourMessages(scenario(), ticket.id)).not.toContainEqual(expect.stringContaining(RATING));
  });
});

describe('audio messages', () => {
  it('answers an audio automatically, and keeps it, when the company does not accept audios', async () => {
    await scenario().companySettings({ enable_lgpd: 'disabled', accept_audio_message_contact: 'disabled' });
    const visitor = await scenario().visitor();
    await visitor.sendFile(AUDIO);
    await visitor.waitForReply(AUDIO_REFUSED);
    const ticket = await visitor.ticket();
    const audio = await knex()('messages').where({ ticket_id: ticket.id, from_me: false }).first('media_type');
    expect(audio.media_type).toBe('audio');
  });

  it('answers an audio of a contact who does not accept audios, though the company does', async () => {
    const visitor = await knownVisitor({ accept_audio_message: false });
    await scenario().companySettings({ accept_audio_message_contact: 'enabled' });
    await visitor.sendFile(AUDIO);
    await visitor.waitForReply(AUDIO_REFUSED);
  });

  it('takes the audio silently when both accept audios', async () => {
    await scenario().companySettings({ enable_lgpd: 'disabled', accept_audio_message_contact: 'enabled' });
    const visitor = await scenario().visitor();
    await visitor.sendFile(AUDIO);
    const ticket = await visitor.ticket();
    expect(await ourMessages(scenario(), ticket.id)).not.toContain(AUDIO_REFUSED);
    expect(await knex()('messages').where({ ticket_id: ticket.id, from_me: false, media_type: 'audio' })).toHaveLength(1);
  });
});
