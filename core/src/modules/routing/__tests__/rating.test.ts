import { beforeEach, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { ConversationTimers } from '../conversation-timers.js';
import { customerText } from '../../messages/index.js';
import { acceptTicket, ourMessages, resolveTicket, scenarioOfThisFile, type Visitor } from './routing-scenario.js';

const RATING = 'Como foi nosso atendimento?';
const FAREWELL = 'Obrigado pelo contato!';

const scenario = scenarioOfThisFile();

beforeEach(async () => {
  await scenario().companySettings({ user_rating: 'enabled' });
  await scenario().connectionColumns({
    rating_message: RATING,
    complation_message: FAREWELL,
    expires_ticket_nps: 0,
    max_use_bot_queues_nps: 2,
  });
});

const knex = () => scenario().server.ports.database.knex;

/** A visitor whose ticket an agent attended and resolved. */
async function attendedAndResolved(
  options: { sendFarewellMessage?: boolean; userRating?: number } = {},
): Promise<{ visitor: Visitor; ticketId: number }> {
  const visitor = await scenario().visitor();
  await visitor.say('preciso de ajuda');
  const ticket = await visitor.ticket();
  await acceptTicket(scenario(), ticket.id);
  await resolveTicket(scenario(), ticket.id, options);
  return { visitor, ticketId: ticket.id };
}

describe('rating request', () => {
  it('asks for a rating on resolve, stores the answer for the attendant, then says goodbye and closes', async () => {
    const { visitor, ticketId } = await attendedAndResolved();
    const question = await visitor.waitForReply(RATING);
    expect(question).toContain(customerText('rating.scale', { language: 'pt-BR' }));
    expect(question).toContain('*1* 😡   *2* 😞   *3* 😐   *4* 😊   *5* 😍');
    const waiting = await visitor.ticket();
    expect(waiting.id).toBe(ticketId);
    expect(waiting.status).toBe('nps');
    expect(waiting.nps_sent_at).not.toBeNull();
    // The farewell waits for the rating.
    expect(await ourMessages(scenario(), ticketId)).not.toContain(FAREWELL);

    await visitor.say('4');
    await visitor.waitForReply(FAREWELL);
    const closed = await visitor.ticket();
    expect(closed.id).toBe(ticketId);
    expect(closed.status).toBe('closed');
    expect(closed.closed_at).not.toBeNull();
    const ratings = await knex()('user_ratings').where('ticket_id', ticketId).select('rate', 'user_id');
    expect(ratings).toEqual([{ rate: 4, user_id: scenario().company.admin.id }]);
    const shown = await api(scenario().server, 'GET', `/tickets/${ticketId}`, { token: scenario().company.admin.token });
    expect(shown.body.userRating).toEqual({ rate: 4 });
    const messages = await ourMessages(scenario(), ticketId);
    expect(messages.indexOf(FAREWELL)).toBeGreaterThan(messages.findIndex((body) => body.includes(RATING)));
  });

  it('repeats the question on an invalid answer and closes without a rating at maxUseBotQueuesNPS', async () => {
    const { visitor, ticketId } = await attendedAndResolved();
    await visitor.waitForReply(RATING);
    await visitor.say('ótimo');
    expect((await ourMessages(scenario(), ticketId)).filter((body) => body.includes(RATING))).toHaveLength(2);
    expect(await visitor.ticket()).toMatchObject({ status: 'nps', amount_used_bot_queues_nps: 1 });

    await visitor.say('nota dez');
    const closed = await visitor.ticket();
    expect(closed.status).toBe('closed');
    expect((await ourMessages(scenario(), ticketId)).filter((body) => body.includes(RATING))).toHaveLength(2);
    expect(await knex()('user_ratings').where('ticket_id', ticketId)).toEqual([]);
  });

  it('closes an unanswered request after expiresTicketNPS minutes', async () => {
    await scenario().connectionColumns({ expires_ticket_nps: 10 });
    const { visitor, ticketId } = await attendedAndResolved();
    await visitor.waitForReply(RATING);
    scenario().clock.advance(9 * 60_000);
    await scenario().sweep();
    expect((await visitor.ticket()).status).toBe('nps');
    scenario().clock.advance(2 * 60_000);
    await scenario().sweep();
    expect((await visitor.ticket()).status).toBe('closed');
    expect(await scenario().server.container.get(ConversationTimers).pending(scenario().company.companyId, ticketId)).toEqual([]);
  });

  it('says goodbye at once, without a rating, when userRating is disabled', async () => {
    await scenario().companySettings({ user_rating: 'disabled' });
    const { visitor, ticketId } = await attendedAndResolved();
    await visitor.waitForReply(FAREWELL);
    expect((await visitor.ticket()).status).toBe('closed');
    expect(await ourMessages(scenario(), ticketId)).not.toContainEqual(expect.stringContaining(RATING));
  });

  it('asks nothing when the agent recorded the rating on resolve, and says goodbye at once', async () => {
    await scenario().companySettings({ user_rating: 'enabled' });
    const { visitor, ticketId } = await attendedAndResolved({ userRating: 4 });
    await visitor.waitForReply(FAREWELL);
    expect((await visitor.ticket()).status).toBe('closed');
    expect(await ourMessages(scenario(), ticketId)).not.toContainEqual(expect.stringContaining(RATING));
  });

  it('asks nothing when the ticket is closed without the automatic messages', async () => {
    const { visitor, ticketId } = await attendedAndResolved({ sendFarewellMessage: false });
    expect((await visitor.ticket()).status).toBe('closed');
    const messages = await ourMessages(scenario(), ticketId);
    expect(messages).not.toContainEqual(expect.stringContaining(RATING));
    expect(messages).not.toContain(FAREWELL);
  });
});
