import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConversationTimers } from '../modules/routing/conversation-timers.js';
import type { RunningServer } from '../server.js';
import { restartableInstallation, type RestartableInstallation } from '../testing/restartable-server.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';
import { eventually } from '../testing/eventually.js';

/**
 * The bot's state lives in the tickets row and its timers in conversation_timers: a server restarted between the
 * queue menu and the contact's answer carries on, and a timer set before the restart fires after it.
 */
let installation: RestartableInstallation;

beforeAll(async () => {
  installation = await restartableInstallation('routing');
});

afterAll(async () => {
  await installation?.remove();
});

function start(): Promise<RunningServer> {
  return installation.start();
}

describe('routing across a restart', () => {
  it('keeps the menu state and the pending timers of a conversation', async () => {
    const menu = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    let widget = '';
    let answering: Record<string, string> = {};
    const queues: number[] = [];
    let menuTicket = 0;
    let timerTicket = 0;

    const first = await start();
    try {
      const knex = first.ports.database.knex;
      const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      const created = await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
      widget = created.body.publicId;
      const connectionId = created.body.id as number;
      await eventually(
        async () => ((await knex('connections').where('id', connectionId).first('status'))?.status === 'CONNECTED' ? true : undefined),
        'connected',
      );
      await knex('company_settings').where('company_id', 1).update({ user_random: 'disabled' });
      for (const [index, name] of ['Vendas', 'Suporte'].entries()) {
        const [queue] = await knex('queues')
          .insert({ company_id: 1, name, color: `#00000${index}`, order_queue: index, greeting_message: `Bem-vindo a ${name}` })
          .returning('id');
        await knex('connection_queues').insert({ company_id: 1, whatsapp_id: connectionId, queue_id: queue.id });
        queues.push(queue.id as number);
      }
      await knex('connections').where('id', connectionId).update({ greeting_message: 'Olá! Escolha um setor:' });

      const visitorOf = async (name: string) => {
        const session = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name } });
        const headers = { authorization: `Bearer ${session.body.visitorToken}` };
        expect((await api(first, 'POST', `/widget/${widget}/messages`, { headers, body: { body: 'oi' } })).status).toBe(200);
        const ticket = await knex('tickets as t')
          .join('contacts as c', 'c.id', 't.contact_id')
          .where({ 'c.company_id': 1, 'c.number': session.body.visitorId })
          .first('t.id');
        return { headers, ticketId: ticket.id as number };
      };
      const ana = await visitorOf('Ana');
      answering = ana.headers;
      menuTicket = ana.ticketId;
      expect((await knex('messages').where({ ticket_id: menuTicket, from_me: true }).select('body')).map((row) => row.body)).toEqual([
        menu,
      ]);

      const bia = await visitorOf('Bia');
      timerTicket = bia.ticketId;
      // timeSendQueue with a due time a few seconds away (the option's own values are minutes).
      await knex('connections').where('id', connectionId).update({ time_send_queue: 5, send_id_queue: queues[0] });
      await first.container.get(ConversationTimers).set({ companyId: 1, ticketId: timerTicket, kind: 'sendQueue', inMs: 3000 });
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const knex = second.ports.database.knex;
      // The answer to the menu the first server sent.
      const answered = await eventually(async () => {
        const sent = await api(second, 'POST', `/widget/${widget}/messages`, { headers: answering, body: { body: '2' } });
        return sent.status === 200 ? true : undefined;
      }, 'answer accepted');
      expect(answered).toBe(true);
      const ticket = await knex('tickets').where('id', menuTicket).first();
      expect(ticket).toMatchObject({ queue_id: queues[1], status: 'pending' });
      expect(
        (await knex('messages').where({ ticket_id: menuTicket, from_me: true }).orderBy('id').select('body')).map((row) => row.body),
      ).toEqual([menu, 'Bem-vindo a Suporte']);

      // The timer set before the restart runs on the new server's sweeper.
      const moved = await eventually(async () => {
        const row = await knex('tickets').where('id', timerTicket).first('queue_id');
        return row?.queue_id === queues[0] ? row : undefined;
      }, 'sendQueue timer fired');
      expect(moved.queue_id).toBe(queues[0]);
      // Once run, the row goes (after the handler's change, so wait for it too).
      await eventually(
        async () =>
          (await knex('conversation_timers').where({ ticket_id: timerTicket, kind: 'sendQueue' })).length === 0 ? true : undefined,
        'timer row removed',
      );
    } finally {
      await second.close();
    }
  }, 120_000);
});
