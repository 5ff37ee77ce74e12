import { afterAll, beforeAll } from '@jest/globals';
import { ContainerModule } from '@switchboard/sdk';
import type { Clock } from '../../../platform/clock.js';
import { Clock as ClockToken } from '../../../platform/clock.js';
import { api, startTestServer, type CompanyFixture, type CompanyFixtureOptions, type TestServer } from '../../../testing/test-server.js';
import { CompanyCache } from '../../../platform/cache/company-cache.js';
import { ConversationTimerSweeper } from '../conversation-timers.js';
import { eventually } from '../../../testing/eventually.js';

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
  /** Sends a file through the widget (e.g. an audio: mimeType 'audio/ogg'), with an optional caption. */
  sendFile(file: { fileName: string; mimeType: string; data: Buffer; body?: string }): Promise<void>;
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
  /** After writing the company's settings, hours, connections or queues as rows: drops what routing cached of them. */
  changed(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A server with a movable clock, a company and a connected webchat connection: the customer side of routing
 * scenarios. Background sweeps are off, so timers run only when the scenario calls `sweep()`.
 */
export async function startRoutingScenario(
  options: { company?: CompanyFixtureOptions; extraModules?: ContainerModule[]; env?: Record<string, string> } = {},
): Promise<RoutingScenario> {
  const clock = new MovableClock();
  const server = await startTestServer({
    env: options.env,
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
  // The widget is addressed by the connection's public id (its token is the external API's key).
  const connection = { id: created.body.id as number, token: created.body.publicId as string };
  const knex = server.ports.database.knex;
  await eventually(
    async () => ((await knex('connections').where('id', connection.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
    'webchat connected',
  );
  let visitors = 0;

  const visitor = async (name?: string): Promise<Visitor> => {
    visitors += 1;
    // Each visitor comes from an address of its own: the widget admits only 10 new visitors per address at once.
    const session = await api(server, 'POST', `/widget/${connection.token}/sessions`, {
      body: { name: name ?? `Visitor ${visitors}` },
      headers: { 'x-forwarded-for': `198.51.100.${visitors % 250}` },
    });
    if (session.status !== 201 && session.status !== 200) throw new Error(`visitor session refused: ${session.status}`);
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
      sendFile: async (file) => {
        const form = new FormData();
        form.append('media', new Blob([file.data], { type: file.mimeType }), file.fileName);
        if (file.body) form.append('body', file.body);
        const sent = await api(server, 'POST', `/widget/${connection.token}/messages`, { headers, body: form });
        if (sent.status !== 200) throw new Error(`visitor file refused: ${sent.status} ${JSON.stringify(sent.body)}`);
      },
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

  const changed = () => server.container.get<CompanyCache>(CompanyCache).invalidate(company.companyId);
  return {
    server,
    company,
    clock,
    connection,
    visitor,
    sweep: () => server.container.get(ConversationTimerSweeper).sweep(),
    companySettings: async (columns) => {
      await knex('company_settings').where('company_id', company.companyId).update(columns);
      await changed();
    },
    connectionColumns: async (columns) => {
      await knex('connections').where('id', connection.id).update(columns);
      await changed();
    },
    changed,
    stop: () => server.stop(),
  };
}

/** Bodies of the messages we stored on a ticket (sent or queued), oldest first: what the contact gets or got. */
export async function ourMessages(scenario: RoutingScenario, ticketId: number): Promise<string[]> {
  const rows = await scenario.server.ports.database
    .knex('messages')
    .where({ ticket_id: ticketId, from_me: true })
    .orderBy('id')
    .select('body');
  return rows.map((row: { body: string }) => row.body);
}

/** An agent takes the visitor's ticket (PUT /tickets/:id, status open with the agent as owner). */
export async function acceptTicket(scenario: RoutingScenario, ticketId: number, agent = scenario.company.admin): Promise<void> {
  const answer = await api(scenario.server, 'PUT', `/tickets/${ticketId}`, {
    token: agent.token,
    body: { status: 'open', userId: agent.id },
  });
  if (answer.status !== 200) throw new Error(`ticket not accepted: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** An agent writes in the ticket (POST /messages/:ticketId). */
export async function agentSays(scenario: RoutingScenario, ticketId: number, body: string, agent = scenario.company.admin): Promise<void> {
  const answer = await api(scenario.server, 'POST', `/messages/${ticketId}`, { token: agent.token, body: { body } });
  if (answer.status !== 201) throw new Error(`agent message refused: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** An agent resolves the ticket (PUT /tickets/:id status closed), with or without the automatic messages. */
export async function resolveTicket(
  scenario: RoutingScenario,
  ticketId: number,
  options: { sendFarewellMessage?: boolean; userRating?: number } = {},
  agent = scenario.company.admin,
): Promise<void> {
  const answer = await api(scenario.server, 'PUT', `/tickets/${ticketId}`, {
    token: agent.token,
    body: { status: 'closed', userId: agent.id, ...options },
  });
  if (answer.status !== 200) throw new Error(`ticket not resolved: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/**
 * One scenario for the test file: started before its tests (a server takes a while on a busy machine), stopped after
 * them. Answers its getter.
 */
export function scenarioOfThisFile(options: Parameters<typeof startRoutingScenario>[0] = {}): () => RoutingScenario {
  let scenario: RoutingScenario | undefined;
  beforeAll(async () => {
    scenario = await startRoutingScenario(options);
  }, 120_000);
  afterAll(async () => {
    await scenario?.stop();
  });
  return () => {
    if (!scenario) throw new Error('the routing scenario has not started');
    return scenario;
  };
}
