import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningServer } from '../server.js';
import { restartableInstallation, type RestartableInstallation } from '../testing/restartable-server.js';
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
    try {
      const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      widget = (await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } })).body.publicId;
      const visitor = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Ana' } });
      visitorAuth = { authorization: `Bearer ${visitor.body.visitorToken}` };
      await api(first, 'POST', `/widget/${widget}/messages`, { headers: visitorAuth, body: { body: 'Me lembre amanhã' } });
      const contact = await first.ports.database.knex('contacts').where({ company_id: 1, channel: 'webchat' }).first('id');
      const created = await api(first, 'POST', '/schedules', {
        token,
        body: { body: 'Lembrete: sua consulta é hoje', contactId: contact.id, sendAt: new Date(Date.now() + 5000).toISOString() },
      });
      expect(created.status).toBe(201);
      scheduleId = created.body.id ?? created.body.schedule?.id;
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const knex = second.ports.database.knex;
      let schedule: any;
      for (let tries = 0; tries < 120; tries += 1) {
        schedule = await knex('schedules').where('id', scheduleId!).first();
        if (schedule.status === 'ENVIADA') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(schedule.status).toBe('ENVIADA');
      expect(schedule.sent_at).not.toBeNull();
      const messages = await knex('messages').where('body', 'Lembrete: sua consulta é hoje');
      expect(messages).toHaveLength(1);
      let transcript: any[] = [];
      for (let tries = 0; tries < 50; tries += 1) {
        transcript = (await api(second, 'GET', `/widget/${widget!}/messages`, { headers: visitorAuth! })).body.messages;
        if (transcript.some((message) => message.fromMe)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(transcript.filter((message) => message.body === 'Lembrete: sua consulta é hoje')).toHaveLength(1);
      // Another sweep finds nothing more to send.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await knex('messages').where('body', 'Lembrete: sua consulta é hoje')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
