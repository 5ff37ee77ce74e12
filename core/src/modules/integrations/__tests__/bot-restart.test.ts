import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { restartableInstallation, type RestartableInstallation } from '../../../testing/restartable-server.js';
import { api, TEST_ADMIN } from '../../../testing/test-server.js';
import { BotConversations } from '../bot-conversations.js';
import { COUNTING_BOT, CountingBot, countingBotModule } from './counting-bot.js';

/** The bot's state is a row per ticket: a server restarted mid-conversation carries the bot's session on. */
let installation: RestartableInstallation;

beforeAll(async () => {
  installation = await restartableInstallation('bots', { extraModules: [countingBotModule(new CountingBot())] });
});

afterAll(async () => {
  await installation?.remove();
});

async function replies(server: RunningServer, widget: string, headers: Record<string, string>): Promise<string[]> {
  const answer = await api(server, 'GET', `/widget/${widget}/messages`, { headers });
  return (answer.body.messages as { body: string; fromMe: boolean }[]).filter((message) => message.fromMe).map((message) => message.body);
}

describe('a bot across a restart', () => {
  // Two starts of a whole installation: slow on a busy machine in embedded mode.
  it("keeps counting the conversation where it was (the plugin's state survives)", async () => {
    let widget = '';
    let headers: Record<string, string> = {};
    const first = await installation.start();
    try {
      const knex = first.ports.database.knex;
      const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      const integration = await api(first, 'POST', '/queueIntegration', {
        token,
        body: { type: COUNTING_BOT, name: 'Robô', urlN8N: 'https://bot.example.test', settings: { token: 'restart-secret' } },
      });
      expect(integration.status).toBe(201);
      const created = await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
      widget = created.body.publicId;
      await knex('connections').where('id', created.body.id).update({ integration_id: integration.body.id });
      await eventually(
        async () => ((await knex('connections').where('id', created.body.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
        'connected',
      );
      const session = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Ana' } });
      headers = { authorization: `Bearer ${session.body.visitorToken}` };
      for (const body of ['oi', 'tudo bem?']) {
        expect((await api(first, 'POST', `/widget/${widget}/messages`, { headers, body: { body } })).status).toBe(200);
      }
      await eventually(async () => (await replies(first, widget, headers)).some((body) => body.startsWith('bot#2')), 'second answer');
      await first.container.get(BotConversations).idle();
    } finally {
      await first.close();
    }

    const second = await installation.start();
    try {
      expect((await api(second, 'POST', `/widget/${widget}/messages`, { headers, body: { body: 'voltei' } })).status).toBe(200);
      const answer = await eventually(
        async () => (await replies(second, widget, headers)).find((body) => body.includes('voltei')),
        'answer after the restart',
      );
      expect(answer).toMatch(/^bot#3: voltei/);
    } finally {
      await second.close();
    }
  }, 120_000);
});
