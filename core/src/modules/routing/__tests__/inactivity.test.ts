import { beforeEach, describe, expect, it } from '@jest/globals';
import { ConversationTimers } from '../conversation-timers.js';
import { acceptTicket, agentSays, ourMessages, scenarioOfThisFile, type Visitor } from './routing-scenario.js';

const STILL_THERE = 'Você ainda está aí?';
const EXPIRED = 'Atendimento encerrado por falta de resposta.';
const MINUTE = 60_000;

const scenario = scenarioOfThisFile();

beforeEach(async () => {
  await scenario().connectionColumns({
    time_inactive_message: 0,
    inactive_message: STILL_THERE,
    expires_ticket: 0,
    expires_inactive_message: EXPIRED,
    when_expires_ticket: 0,
  });
});

/** A visitor in an open ticket, the agent's message being the last one. */
async function waitingForVisitor(): Promise<{ visitor: Visitor; ticketId: number }> {
  const visitor = await scenario().visitor();
  await visitor.say('oi');
  const ticket = await visitor.ticket();
  await acceptTicket(scenario(), ticket.id);
  await agentSays(scenario(), ticket.id, 'Como posso ajudar?');
  return { visitor, ticketId: ticket.id };
}

async function minutesPass(minutes: number): Promise<void> {
  scenario().clock.advance(minutes * MINUTE);
  await scenario().sweep();
}

const reminders = async (ticketId: number) => (await ourMessages(scenario(), ticketId)).filter((body) => body === STILL_THERE);

describe('inactivity', () => {
  it('sends inactiveMessage once, timeInactiveMessage minutes after our unanswered message', async () => {
    await scenario().connectionColumns({ time_inactive_message: 5 });
    const { visitor, ticketId } = await waitingForVisitor();
    await minutesPass(4);
    expect(await reminders(ticketId)).toHaveLength(0);
    await minutesPass(2);
    await visitor.waitForReply(STILL_THERE);
    expect((await visitor.ticket()).send_inactive_message).toBe(true);
    // Another message of ours while the contact is still silent: no second reminder.
    await agentSays(scenario(), ticketId, 'Posso ajudar em algo mais?');
    await minutesPass(10);
    expect(await reminders(ticketId)).toHaveLength(1);
    expect((await visitor.ticket()).status).toBe('open');
  });

  it('reminds again in a later silence once the contact has answered', async () => {
    await scenario().connectionColumns({ time_inactive_message: 5 });
    const { visitor, ticketId } = await waitingForVisitor();
    await minutesPass(6);
    await visitor.waitForReply(STILL_THERE);
    await visitor.say('desculpe, voltei');
    expect((await visitor.ticket()).send_inactive_message).toBe(false);
    await agentSays(scenario(), ticketId, 'Sem problemas!');
    await minutesPass(6);
    expect(await reminders(ticketId)).toHaveLength(2);
  });

  it('cancels the reminder and the expiry when the contact answers', async () => {
    await scenario().connectionColumns({ time_inactive_message: 5, expires_ticket: 10 });
    const { visitor, ticketId } = await waitingForVisitor();
    expect(
      (await scenario().server.container.get(ConversationTimers).pending(scenario().company.companyId, ticketId)).map((t) => t.kind).sort(),
    ).toEqual(['expireTicket', 'inactiveMessage']);
    await visitor.say('estou aqui');
    expect(await scenario().server.container.get(ConversationTimers).pending(scenario().company.companyId, ticketId)).toEqual([]);
    await minutesPass(30);
    expect(await reminders(ticketId)).toHaveLength(0);
    expect((await visitor.ticket()).status).toBe('open');
  });

  it('closes the ticket with expiresInactiveMessage expiresTicket minutes after our unanswered message', async () => {
    await scenario().connectionColumns({ expires_ticket: 10 });
    const { visitor, ticketId } = await waitingForVisitor();
    await minutesPass(9);
    expect((await visitor.ticket()).status).toBe('open');
    await minutesPass(2);
    await visitor.waitForReply(EXPIRED);
    const ticket = await visitor.ticket();
    expect(ticket.id).toBe(ticketId);
    expect(ticket.status).toBe('closed');
    expect(ticket.closed_at).not.toBeNull();
  });

  it('closes a quiet ticket of a connection without an expiry of its own after the default 24 hours (AUTO_CLOSE_HOURS)', async () => {
    const { visitor, ticketId } = await waitingForVisitor();
    await minutesPass(24 * 60 - 1);
    expect((await visitor.ticket()).status).toBe('open');
    await minutesPass(2);
    await visitor.waitForReply(EXPIRED);
    expect(await visitor.ticket()).toMatchObject({ id: ticketId, status: 'closed' });
  });

  it("with whenExpiresTicket 0 leaves a ticket whose last message is the contact's; with 1 expires it too", async () => {
    await scenario().connectionColumns({ expires_ticket: 10, when_expires_ticket: 0 });
    const quiet = await scenario().visitor();
    await quiet.say('alguém?');
    await minutesPass(30);
    expect((await quiet.ticket()).status).toBe('pending');

    await scenario().connectionColumns({ when_expires_ticket: 1 });
    const forgotten = await scenario().visitor();
    await forgotten.say('alguém?');
    await minutesPass(9);
    expect((await forgotten.ticket()).status).toBe('pending');
    await minutesPass(2);
    expect((await forgotten.ticket()).status).toBe('closed');
  });
});
