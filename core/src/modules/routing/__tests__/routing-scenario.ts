import { ContainerModule } from '@switchboard/sdk';
import type { Clock } from '../../../platform/clock.js';
import { Clock as ClockToken } from '../../../platform/clock.js';
import { api, startTestServer, type CompanyFixture, type CompanyFixtureOptions, type TestServer } from '../../../testing/test-server.js';
import { ConversationRecords } from '../../conversations/conversation-records.js';
import { ConversationTimerSweeper } from '../conversation-timers.js';

/** A clock the scenario moves: conversation rules and timers read it, so an hour passes in no time. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Jumps to a moment (the offset stays, so time keeps running from there). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}

export interface WidgetMessage {
  id: string;
  body: string;
  fromMe: boolean;
}

/** A website visitor on the scenario's webchat connection. */
export interface Visitor {
  /** Writes a message through the widget (the whole inbound chain has run when it resolves). */
  say(body: string): Promise<void>;
  /** Every message of the transcript, oldest first. */
  transcript(): Promise<WidgetMessage[]>;
  /** Bodies of the messages the visitor received (ours), oldest first. */
  replies(): Promise<string[]>;
  /** Waits until a received message contains `text`, and answers it. */
  waitForReply(text: string | RegExp): Promise<string>;
  /** The visitor's latest ticket row (snake_case columns). */
  ticket(): Promise<Record<string, any>>;
}

export interface RoutingScenario {
  server: TestServer;
  company: CompanyFixture;
  clock: MovableClock;
  connection: { id: number; token: string };
  visitor(name?: string): Promise<Visitor>;
  /** Runs the due conversation timers at the clock's now; answers how many ran. */
  sweep(): Promise<number>;
  /** Sets company_settings columns (snake_case keys, e.g. { user_rating: 'enabled' }). */
  companySettings(columns: Record<string, unknown>): Promise<void>;
  /** Sets connections columns of the scenario's connection (snake_case keys). */
  connectionColumns(columns: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A server with a movable clock, a company and a connected webchat connection: the customer side of routing
 * scenarios. Background sweeps are off, so timers run only when the scenario calls `sweep()`.
 */
export async function startRoutingScenario(
  options: { company?: CompanyFixtureOptions; extraModules?: ContainerModule[] } = {},
): Promise<RoutingScenario> {
  const clock = new MovableClock();
  const server = await startTestServer({
    backgroundWorkers: false,
    extraModules: [
      new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(ClockToken).toConstantValue(clock)),
      ...(options.extraModules ?? []),
    ],
  });
  const company = await server.createCompany(options.company);
  const created = await api(server, 'POST', '/whatsapp', {
    token: company.admin.token,
    body: { name: 'Site', channel: 'webchat' },
  });
  if (created.status !== 201) throw new Error(`webchat connection not created: ${JSON.stringify(created.body)}`);
  const connection = { id: created.body.id as number, token: created.body.token as string };
  const knex = server.ports.database.knex;
  await eventually(
    async () => ((await knex('connections').where('id', connection.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
    'webchat connected',
  );
  let visitors = 0;

  const visitor = async (name?: string): Promise<Visitor> => {
    visitors += 1;
    const session = await api(server, 'POST', `/widget/${connection.token}/sessions`, { body: { name: name ?? `Visitor ${visitors}` } });
    const headers = { authorization: `Bearer ${session.body.visitorToken as string}` };
    const visitorId = session.body.visitorId as string;
    const transcript = async (): Promise<WidgetMessage[]> => {
      const answer = await api(server, 'GET', `/widget/${connection.token}/messages`, { headers });
      return (answer.body.messages ?? []) as WidgetMessage[];
    };
    const replies = async () => (await transcript()).filter((message) => message.fromMe).map((message) => message.body);
    return {
      say: async (body) => {
        const sent = await api(server, 'POST', `/widget/${connection.token}/messages`, { headers, body: { body } });
        if (sent.status !== 200) throw new Error(`visitor message refused: ${sent.status} ${JSON.stringify(sent.body)}`);
      },
      transcript,
      replies,
      waitForReply: (text) =>
        eventually(
          async () => (await replies()).find((body) => (typeof text === 'string' ? body.includes(text) : text.test(body))),
          `reply ${String(text)}`,
        ),
      ticket: async () => {
        const row = await knex('tickets as t')
          .join('contacts as c', 'c.id', 't.contact_id')
          .where({ 'c.company_id': company.companyId, 'c.number': visitorId })
          .orderBy('t.id', 'desc')
          .first('t.*');
        if (!row) throw new Error('the visitor has no ticket');
        return row;
      },
    };
  };

  return {
    server,
    company,
    clock,
    connection,
    visitor,
    sweep: () => server.container.get(ConversationTimerSweeper).sweep(),
    companySettings: async (columns) => {
      await knex('company_settings').where('company_id', company.companyId).update(columns);
    },
    connectionColumns: async (columns) => {
      await knex('connections').where('id', connection.id).update(columns);
      server.container.get(ConversationRecords).forgetConnection(connection.id);
    },
    stop: () => server.stop(),
  };
}
