import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningServer } from '../server.js';
import { restartableInstallation, type RestartableInstallation } from '../testing/restartable-server.js';
import { eventually } from '../testing/eventually.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';

/** A schedule due in 5 seconds is sent once, even when the server restarts before it is due. */
let installation: RestartableInstallation;

beforeAll(async () => {
  installation = await restartableInstallation('schedule');
});

afterAll(async () => {
  await installation?.remove();
});

function start(): Promise<RunningServer> {
  return installation.start();
}

describe('schedule dispatcher', () => {
  it('sends a schedule due in 5 s exactly once across a restart', async () => {
    const first = await start();
    let widget: string;
    let visitorAuth: Record<string, string>;
    let scheduleId: number;
    let contactId: number;
    try {
      const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      widget = (await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } })).body.publicId;
      const visitor = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Ana' } });
      visitorAuth = { authorization: `Bearer ${visitor.body.visitorToken}` };
      await api(first, 'POST', `/widget/${widget}/messages`, { headers: visitorAuth, body: { body: 'Me lembre amanhã' } });
      contactId = (await first.ports.database.knex('contacts').where({ company_id: 1, channel: 'webchat' }).first('id')).id;
      const created = await api(first, 'POST', '/schedules', {
        token,
        body: { body: 'Lembrete: sua consulta é hoje', contactId, sendAt: new Date(Date.now() + 5000).toISOString() },
      });
      expect(created.status).toBe(201);
      scheduleId = created.body.id ?? created.body.schedule?.id;
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const knex = second.ports.database.knex;
      const sent = async (id: number) => {
        const row = await knex('schedules').where('id', id).first();
        return row.status === 'ENVIADA' ? row : undefined;
      };
      const schedule = await eventually(() => sent(scheduleId!), 'the schedule sent after the restart');
      expect(schedule.status).toBe('ENVIADA');
      expect(schedule.sent_at).not.toBeNull();
      const messages = await knex('messages').where('body', 'Lembrete: sua consulta é hoje');
      expect(messages).toHaveLength(1);
      const transcript = await eventually(async () => {
        const messages: any[] = (await api(second, 'GET', `/widget/${widget!}/messages`, { headers: visitorAuth! })).body.messages;
        return messages.some((message) => message.fromMe) ? messages : undefined;
      }, 'the reminder in the visitor transcript');
      expect(transcript.filter((message) => message.body === 'Lembrete: sua consulta é hoje')).toHaveLength(1);
      // A later schedule sent proves another sweep ran (sweeps never overlap): it found nothing more of the first.
      const token = (await api(second, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      const later = await api(second, 'POST', '/schedules', {
        token,
        body: { body: 'Lembrete seguinte', contactId: contactId!, sendAt: new Date(Date.now() + 1000).toISOString() },
      });
      expect(later.status).toBe(201);
      await eventually(() => sent(later.body.id ?? later.body.schedule?.id), 'the later schedule sent');
      expect(await knex('messages').where('body', 'Lembrete: sua consulta é hoje')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
