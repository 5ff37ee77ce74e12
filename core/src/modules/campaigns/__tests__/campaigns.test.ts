import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContainerModule } from '@switchboard/sdk';
import type { Knex } from 'knex';
import { Clock } from '../../../platform/clock.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { CampaignDispatcher } from '../index.js';
import { CampaignWebhook, contactWrites, createApiConnection, importedContactList } from './campaign-harness.js';

/** A clock the pacing test moves by hand. */
class MovableClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at;
  }
}

/** 'YYYY-MM-DD HH:mm:ss' in São Paulo, as the campaign form sends scheduledAt. */
function saoPauloWallTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

async function contactList(knex: Knex, companyId: number, people: { name: string; number: string; valid?: boolean }[]): Promise<number> {
  const [list] = await knex('contact_lists').insert({ company_id: companyId, name: 'Clientes' }).returning('id');
  await knex('contact_list_items').insert(
    people.map((person) => ({
      company_id: companyId,
      contact_list_id: list.id,
      name: person.name,
      number: person.number,
      email: `${person.name.toLowerCase()}@example.test`,
      is_whatsapp_valid: person.valid ?? true,
    })),
  );
  return list.id as number;
}

describe('campaigns through two API connections', () => {
  let server: TestServer;
  let company: CompanyFixture;
  const webhook = new CampaignWebhook();

  beforeAll(async () => {
    await webhook.start();
    server = await startTestServer();
    company = await server.createCompany({ plan: { use_campaigns: true } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await webhook.close();
  });

  it('sends each valid recipient one message over both connections, confirms the answers and reports the counts', async () => {
    const token = company.admin.token;
    const knex = server.ports.database.knex;
    const first = await createApiConnection(server, token, webhook, 'Ponte A');
    const second = await createApiConnection(server, token, webhook, 'Ponte B');
    const people = Array.from({ length: 8 }, (_, index) => ({ name: `Pessoa${index}`, number: `55119000000${index}` }));
    // The list is imported from an .xls and then from an .xlsx spreadsheet.
    const listId = await importedContactList(server, token, { name: 'Clientes', people: people.slice(0, 4), bookType: 'xls' });
    await importedContactList(server, token, { name: 'Clientes', people: people.slice(4), bookType: 'xlsx', listId });
    const saved = await api(server, 'POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Centro' }] } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(expect.arrayContaining([{ id: expect.any(Number), key: 'messageInterval', value: '0' }]));

    const created = await api(server, 'POST', '/campaigns', {
      token,
      body: {
        name: 'Consultas',
        message1: 'Olá {nome}, confirma sua consulta na loja {loja}?',
        message2: 'Oi {nome} ({numero}), confirma?',
        message3: '',
        confirmationMessage1: 'Obrigado, {nome}!',
        confirmation: true,
        contactListId: listId,
        tagListId: 'Nenhuma',
        whatsappId: `${first.id},${second.id}`,
        scheduledAt: '',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'INATIVA', whatsappId: `${first.id},${second.id}`, message3: null, tagListId: null });
    const campaignId = created.body.id as number;
    // The imported numbers are checked by the default connection (an API one takes any number).
    await eventually(
      async () => (await api(server, 'GET', `/campaigns/${campaignId}`, { token })).body.report.validContacts === people.length,
      'the imported numbers checked',
    );
    const scheduled = await api(server, 'PUT', `/campaigns/${campaignId}`, {
      token,
      body: { scheduledAt: saoPauloWallTime(new Date(Date.now() - 1000)) },
    });
    expect(scheduled.body.status).toBe('PROGRAMADA');

    await eventually(() => webhook.messagesByNumber().size === people.length, 'every valid recipient messaged');
    const byNumber = webhook.messagesByNumber();
    for (const person of people) expect(byNumber.get(person.number)?.size).toBe(1);
    expect(new Set(webhook.delivered.map((delivery) => delivery.connectionId))).toEqual(new Set([first.id, second.id]));
    const toFirst = webhook.delivered.find((delivery) => delivery.to === people[0]!.number)!;
    expect(
      toFirst.body === 'Olá Pessoa0, confirma sua consulta na loja Centro?' ||
        toFirst.body === `Oi Pessoa0 (${people[0]!.number}), confirma?`,
    ).toBe(true);

    const finished = await eventually(async () => {
      const shown = await api(server, 'GET', `/campaigns/${campaignId}`, { token });
      return shown.body.status === 'FINALIZADA' && shown.body.report.delivered === people.length ? shown.body : undefined;
    }, 'the campaign finished');
    expect(finished.report).toEqual({ validContacts: 8, confirmationRequested: 8, confirmationReceived: 0, delivered: 8, failed: 0 });
    expect(finished.completedAt).not.toBeNull();
    expect(finished.shipping).toHaveLength(8);
    // Each send is on the contact's ticket, so agents see it in the history.
    expect(Number((await knex('messages').where({ company_id: company.companyId, from_me: true }).count({ n: '*' }))[0]!.n)).toBe(8);

    // Three recipients answer through the connection that wrote to them.
    const tokens = new Map([
      [first.id, first.token],
      [second.id, second.token],
    ]);
    const answering = people.slice(0, 3);
    for (const person of answering) {
      const connectionId = webhook.delivered.find((delivery) => delivery.to === person.number)!.connectionId;
      await contactWrites(server, tokens.get(connectionId)!, { number: person.number, body: 'Sim' });
    }
    await eventually(
      () => answering.every((person) => webhook.messagesByNumber().get(person.number)?.size === 2),
      'the confirmations sent',
    );
    for (const person of answering) {
      expect(webhook.delivered.filter((delivery) => delivery.to === person.number).map((delivery) => delivery.body)).toContain(
        `Obrigado, ${person.name}!`,
      );
    }
    // A second answer brings no second confirmation.
    const again = webhook.delivered.find((delivery) => delivery.to === answering[0]!.number)!.connectionId;
    await contactWrites(server, tokens.get(again)!, { number: answering[0]!.number, body: 'Sim de novo' });
    const report = await eventually(async () => {
      const shown = await api(server, 'GET', `/campaigns/${campaignId}`, { token });
      return shown.body.report.confirmationReceived === 3 ? shown.body.report : undefined;
    }, 'the confirmations counted');
    expect(report).toEqual({ validContacts: 8, confirmationRequested: 8, confirmationReceived: 3, delivered: 8, failed: 0 });

    // A finished campaign is not edited, cancelled nor restarted.
    const edit = await api(server, 'PUT', `/campaigns/${campaignId}`, { token, body: { name: 'Outro nome' } });
    expect(edit).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
    expect((await api(server, 'POST', `/campaigns/${campaignId}/cancel`, { token })).body.error).toBe('ERR_CAMPAIGN_NOT_RUNNING');
    expect((await api(server, 'POST', `/campaigns/${campaignId}/restart`, { token })).body.error).toBe('ERR_CAMPAIGN_NOT_CANCELLED');
    const page = await api(server, 'GET', '/campaigns?searchParam=consul', { token });
    expect(page.body).toMatchObject({
      count: 1,
      hasMore: false,
      records: [{ id: campaignId, contactList: { id: listId, name: 'Clientes' } }],
    });
    expect(webhook.messagesByNumber().get(answering[0]!.number)?.size).toBe(2);
  }, 60_000);

  it('keeps the form rules: editable while inactive or over an hour ahead; a cancelled one changes only its messages', async () => {
    const token = company.admin.token;
    const knex = server.ports.database.knex;
    const connection = await createApiConnection(server, token, webhook, 'Ponte C');
    // Three recipients a minute apart: the launched campaign is still sending when it is cancelled, and so is the
    // restarted one (its two remaining recipients paced again from the restart).
    await api(server, 'POST', '/campaign-settings', { token, body: { settings: { messageInterval: 60, longerIntervalAfter: 0 } } });
    const listId = await contactList(knex, company.companyId, [
      { name: 'Ana', number: '5511911112222' },
      { name: 'Bia', number: '5511911113333' },
      { name: 'Caio', number: '5511911114444' },
    ]);
    const base = { name: 'Regras', message1: 'Oi {nome}', contactListId: listId, whatsappId: String(connection.id) };
    const created = await api(server, 'POST', '/campaigns', { token, body: { ...base, scheduledAt: null } });
    expect(created.body.status).toBe('INATIVA');
    const id = created.body.id as number;
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect((await api(server, 'PUT', `/campaigns/${id}`, { token, body: { scheduledAt: later } })).body.status).toBe('PROGRAMADA');
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    expect((await api(server, 'PUT', `/campaigns/${id}`, { token, body: { scheduledAt: soon } })).body.status).toBe('PROGRAMADA');
    expect((await api(server, 'PUT', `/campaigns/${id}`, { token, body: { name: 'Tarde demais' } })).body.error).toBe(
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    expect((await api(server, 'POST', `/campaigns/${id}/cancel`, { token })).status).toBe(409);
    const invalid = await api(server, 'POST', '/campaigns', { token, body: { name: 'X' } });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { name: 'Too Short!' } } });

    // Another one launched now: its first recipient is messaged, the others wait.
    const launched = await api(server, 'POST', '/campaigns', {
      token,
      body: { ...base, name: 'Em curso', scheduledAt: saoPauloWallTime(new Date(Date.now() - 1000)) },
    });
    const runningId = launched.body.id as number;
    await eventually(() => webhook.messagesByNumber().has('5511911112222'), 'the first recipient messaged');
    expect((await api(server, 'POST', `/campaigns/${runningId}/cancel`, { token })).body.status).toBe('CANCELADA');
    const messages = await api(server, 'PUT', `/campaigns/${runningId}`, {
      token,
      body: { ...base, name: 'Em curso', message1: 'Novo texto' },
    });
    expect(messages).toMatchObject({ status: 200, body: { message1: 'Novo texto', status: 'CANCELADA' } });
    const other = await api(server, 'PUT', `/campaigns/${runningId}`, { token, body: { ...base, name: 'Outro' } });
    expect(other).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
    const restarted = await api(server, 'POST', `/campaigns/${runningId}/restart`, { token });
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    expect((await api(server, 'POST', `/campaigns/${runningId}/cancel`, { token })).body.status).toBe('CANCELADA');
  }, 30_000);
});

describe('campaign pacing', () => {
  const clock = new MovableClock(new Date('2030-01-01T12:00:00Z'));
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      backgroundWorkers: false,
      extraModules: [new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Clock).toConstantValue(clock))],
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('sends recipient i at start + i·5 s, with 20 s instead after every 3 messages', async () => {
    const company = await server.createCompany({ plan: { use_campaigns: true } });
    const token = company.admin.token;
    const knex = server.ports.database.knex;
    const [connection] = await knex('connections')
      .insert({ company_id: company.companyId, name: 'Sem sessão', channel: 'api' })
      .returning('id');
    const listId = await contactList(
      knex,
      company.companyId,
      Array.from({ length: 8 }, (_, index) => ({ name: `P${index}`, number: `55219000000${index}` })),
    );
    await api(server, 'POST', '/campaign-settings', { token, body: { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 20 } });
    const start = clock.now();
    const created = await api(server, 'POST', '/campaigns', {
      token,
      body: {
        name: 'Ritmo',
        message1: 'Oi {nome}',
        contactListId: listId,
        whatsappId: String(connection.id),
        scheduledAt: start.toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const dispatcher = server.container.get<CampaignDispatcher>(CampaignDispatcher);
    const storedAt = async (seconds: number) => {
      clock.set(new Date(start.getTime() + seconds * 1000));
      await dispatcher.sweep();
      const [{ n }] = await knex('campaign_shippings').where('campaign_id', created.body.id).whereNotNull('message_id').count({ n: '*' });
      return Number(n);
    };
    // Due offsets: 0, 5, 10, 30, 35, 40, 60, 65.
    const expected: [number, number][] = [
      [0, 1],
      [4, 1],
      [5, 2],
      [10, 3],
      [29, 3],
      [30, 4],
      [35, 5],
      [40, 6],
      [59, 6],
      [60, 7],
      [65, 8],
    ];
    for (const [seconds, count] of expected) expect([seconds, await storedAt(seconds)]).toEqual([seconds, count]);
  }, 30_000);
});
