import { describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { InboundPipeline } from '../../conversations/inbound-pipeline.js';
import { DELETED_MESSAGE_BODY } from '../../conversations/channel-events.js';
import { customerText } from '../../messages/index.js';
import { ourMessages, scenarioOfThisFile } from './routing-scenario.js';

// A company writes in pt-BR unless it chooses another language.
const LGPD_QUESTION = customerText('lgpd.question', { language: 'pt-BR' });
const LGPD_REFUSED = customerText('lgpd.refused', { language: 'pt-BR' });

const NOTICE = 'Usamos seus dados apenas para este atendimento.';
const LINK = 'https://example.test/privacidade';

const scenario = scenarioOfThisFile({ company: { users: [{ profile: 'user', all_ticket: 'enable' }] } });
const agentToken = () => scenario().company.users[0]!.token;

const knex = () => scenario().server.ports.database.knex;

async function consentAsked(): Promise<void> {
  await scenario().companySettings({ enable_lgpd: 'enabled', lgpd_consent: 'enabled', lgpd_message: NOTICE, lgpd_link: LINK });
}

describe('LGPD consent', () => {
  it('asks a new contact, repeats the question on another answer, and "1" records the consent on the same ticket', async () => {
    await consentAsked();
    const visitor = await scenario().visitor();
    await visitor.say('oi');
    const question = await visitor.waitForReply(LGPD_QUESTION);
    expect(question).toContain(NOTICE);
    expect(question).toContain(LINK);
    const asked = await visitor.ticket();
    expect(asked.status).toBe('lgpd');
    expect(asked.lgpd_send_message_at).not.toBeNull();

    await visitor.say('talvez');
    expect((await ourMessages(scenario(), asked.id)).filter((body) => body.includes(LGPD_QUESTION))).toHaveLength(2);
    expect((await visitor.ticket()).status).toBe('lgpd');

    await visitor.say('1');
    const accepted = await visitor.ticket();
    expect(accepted.id).toBe(asked.id);
    expect(accepted.status).toBe('pending');
    expect(accepted.lgpd_accepted_at).not.toBeNull();
    const contact = await knex()('contacts').where('id', accepted.contact_id).first('lgpd_accepted_at');
    expect(contact.lgpd_accepted_at).not.toBeNull();
    const answers = await knex()('messages').where({ ticket_id: asked.id, from_me: false }).orderBy('id').select('body');
    expect(answers.map((row: { body: string }) => row.body)).toEqual(['oi', 'talvez', '1']);

    // Accepted once: the contact's next conversation starts without the question.
    await knex()('tickets').where('id', asked.id).update({ status: 'closed' });
    await visitor.say('voltei');
    const next = await visitor.ticket();
    expect(next.id).not.toBe(asked.id);
    expect(next.status).toBe('pending');
    expect(await ourMessages(scenario(), next.id)).not.toContainEqual(expect.stringContaining(LGPD_QUESTION));
  });

  it('closes the ticket with a short message when the contact refuses with "2"', async () => {
    await consentAsked();
    const visitor = await scenario().visitor();
    await visitor.say('bom dia');
    await visitor.waitForReply(LGPD_QUESTION);
    await visitor.say('2');
    await visitor.waitForReply(LGPD_REFUSED);
    const ticket = await visitor.ticket();
    expect(ticket.status).toBe('closed');
    expect(ticket.closed_at).not.toBeNull();
    expect(ticket.lgpd_accepted_at).toBeNull();
    const log = await knex()('ticket_logs').where({ ticket_id: ticket.id, type: 'closed' }).first('id');
    expect(log).toBeDefined();
  });

  it('without lgpdConsent only informs, once, and the ticket stays in the normal flow', async () => {
    await scenario().companySettings({ enable_lgpd: 'enabled', lgpd_consent: 'disabled', lgpd_message: NOTICE, lgpd_link: '' });
    const visitor = await scenario().visitor();
    await visitor.say('olá');
    const notice = await visitor.waitForReply(NOTICE);
    expect(notice).not.toContain(LGPD_QUESTION);
    const ticket = await visitor.ticket();
    expect(ticket.status).toBe('pending');
    expect(ticket.lgpd_send_message_at).not.toBeNull();
    await visitor.say('tudo bem?');
    expect((await ourMessages(scenario(), ticket.id)).filter((body) => body.includes(NOTICE))).toHaveLength(1);
  });

  it('asks nothing when LGPD is disabled', async () => {
    await scenario().companySettings({ enable_lgpd: 'disabled', lgpd_consent: 'enabled', lgpd_message: NOTICE });
    const visitor = await scenario().visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    expect(ticket.status).toBe('pending');
    expect(await ourMessages(scenario(), ticket.id)).toEqual([]);
  });
});

describe('lgpdDeleteMessage', () => {
  async function deletedByContact(lgpdDeleteMessage: 'enabled' | 'disabled'): Promise<Record<string, any>> {
    await scenario().companySettings({ enable_lgpd: 'disabled', lgpd_delete_message: lgpdDeleteMessage });
    const visitor = await scenario().visitor();
    await visitor.say('meu CPF é 123');
    const [said] = await visitor.transcript();
    const connection = await knex()('connections').where('id', scenario().connection.id).first('id', 'company_id', 'name', 'channel');
    await scenario()
      .server.container.get(InboundPipeline)
      .receive(
        { id: connection.id, companyId: connection.company_id, name: connection.name, channel: connection.channel, settings: {} },
        { type: 'delete', externalId: said!.id },
      );
    return knex()('messages').where({ whatsapp_id: scenario().connection.id, external_id: said!.id }).first();
  }

  it('erases what the contact deleted when enabled', async () => {
    const message = await deletedByContact('enabled');
    expect(message.is_deleted).toBe(true);
    expect(message.body).toBe(DELETED_MESSAGE_BODY);
  });

  it('keeps it readable, marked deleted, when disabled', async () => {
    const message = await deletedByContact('disabled');
    expect(message.is_deleted).toBe(true);
    expect(message.body).toBe('meu CPF é 123');
  });
});

describe('lgpdHideNumber', () => {
  async function numbersSeen(token: string, ticketId: number, contactId: number): Promise<string[]> {
    const contacts = await api(scenario().server, 'GET', '/contacts', { token });
    const contact = await api(scenario().server, 'GET', `/contacts/${contactId}`, { token });
    const ticket = await api(scenario().server, 'GET', `/tickets/${ticketId}`, { token });
    const tickets = await api(scenario().server, 'GET', '/tickets?status=pending&showAll=true', { token });
    return [
      contacts.body.contacts.find((c: { id: number }) => c.id === contactId)?.number,
      contact.body.number,
      ticket.body.contact.number,
      tickets.body.tickets.find((t: { id: number }) => t.id === ticketId)?.contact.number,
    ];
  }

  it('masks the contact number for profile user, not for admins', async () => {
    await scenario().companySettings({ enable_lgpd: 'disabled', lgpd_hide_number: 'enabled' });
    const visitor = await scenario().visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    await knex()('contacts').where('id', ticket.contact_id).update({ number: '5511987654321' });

    expect(await numbersSeen(agentToken(), ticket.id, ticket.contact_id)).toEqual(Array(4).fill('5511*****4321'));
    expect(await numbersSeen(scenario().company.admin.token, ticket.id, ticket.contact_id)).toEqual(Array(4).fill('5511987654321'));

    await scenario().companySettings({ lgpd_hide_number: 'disabled' });
    expect(await numbersSeen(agentToken(), ticket.id, ticket.contact_id)).toEqual(Array(4).fill('5511987654321'));
  });
});
