import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertContact, insertTicket } from '../../../testing/fixtures.js';
import { insertTag } from './tags.access.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('tags API', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;

  beforeAll(async () => {
    // users[0] sees unowned tickets without a queue (allTicket); users[1] sees only tickets assigned to them.
    company = await server.createCompany({ users: [{ profile: 'user', all_ticket: 'enable' }, { profile: 'user' }] });
    other = await server.createCompany();
  });

  it('creates, shows, renames and deletes a tag, announcing each change', async () => {
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const token = company.users[0]!.token;
      const created = await api(server, 'POST', '/tags', { token, body: { name: ' Suporte ', color: '#00FF00' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Suporte',
        color: '#00FF00',
        kanban: 0,
        userId: company.users[0]!.id,
        companyId: company.companyId,
        ticketsCount: 0,
      });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'tag', expect.objectContaining({ action: 'create' }));

      const shown = await api(server, 'GET', `/tags/${created.body.id}`, { token });
      expect(shown.body).toMatchObject({ id: created.body.id, name: 'Suporte' });

      const renamed = await api(server, 'PUT', `/tags/${created.body.id}`, {
        token,
        body: { name: 'Suporte N2', kanban: 1, userId: 999, color: 'rgb(1, 2, 3)' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Suporte N2', kanban: 1, color: 'rgb(1, 2, 3)', userId: company.users[0]!.id });
      // Saving the same name again is not a conflict with itself.
      expect((await api(server, 'PUT', `/tags/${created.body.id}`, { token, body: { name: 'Suporte N2' } })).status).toBe(200);

      const removed = await api(server, 'DELETE', `/tags/${created.body.id}`, { token });
      expect(removed.status).toBe(200);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'tag', { action: 'delete', tagId: created.body.id });
      expect((await api(server, 'GET', `/tags/${created.body.id}`, { token })).status).toBe(404);
      expect((await api(server, 'DELETE', `/tags/${created.body.id}`, { token })).status).toBe(404);
    } finally {
      emit.mockRestore();
    }
  });

  it("validates names ('Tag muito curta!') and keeps them unique per company", async () => {
    const token = company.admin.token;
    const short = await api(server, 'POST', '/tags', { token, body: { name: 'ab' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Tag muito curta!', fields: { name: 'Tag muito curta!' } });
    expect((await api(server, 'POST', '/tags', { token, body: {} })).body.fields).toEqual({ name: 'Tag muito curta!' });
    const bad = await api(server, 'POST', '/tags', { token, body: { name: 'Cores', color: 'javascript:alert(1)', kanban: 7 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['color', 'kanban']);

    expect((await api(server, 'POST', '/tags', { token, body: { name: 'Urgente' } })).status).toBe(201);
    const duplicate = await api(server, 'POST', '/tags', { token, body: { name: 'URGENTE' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_TAG');
    expect((await api(server, 'POST', '/tags', { token: other.admin.token, body: { name: 'Urgente' } })).status).toBe(201);

    const raced = await Promise.all(
      [1, 2, 3].map(() => api(server, 'POST', '/tags', { token, body: { name: 'Corrida' } })).map((call) => call.then((r) => r.status)),
    );
    expect(raced.sort()).toEqual([201, 409, 409]);

    const second = await api(server, 'POST', '/tags', { token, body: { name: 'Segunda' } });
    const rename = await api(server, 'PUT', `/tags/${second.body.id}`, { token, body: { name: 'urgente' } });
    expect(rename.status).toBe(409);
    expect((await api(server, 'PUT', `/tags/${second.body.id}`, { token, body: { name: 'x' } })).body.fields).toEqual({
      name: 'Tag muito curta!',
    });
  });

  it('lists tags by page or offset, searched and filtered by kanban, with ticket counts', async () => {
    const listed = await server.createCompany();
    const knex = server.ports.database.knex;
    for (let index = 0; index < 23; index += 1) {
      await insertTag(knex, listed.companyId, { name: `Etiqueta ${String(index).padStart(2, '0')}`, kanban: index < 3 ? 1 : 0 });
    }
    const lane = await knex('tags').where({ company_id: listed.companyId, name: 'Etiqueta 01' }).first('id');
    const ticketA = (await insertTicket(knex, listed.companyId)).ticketId;
    const ticketB = (await insertTicket(knex, listed.companyId)).ticketId;
    await knex('ticket_tags').insert([
      { ticket_id: ticketA, tag_id: lane.id, company_id: listed.companyId },
      { ticket_id: ticketB, tag_id: lane.id, company_id: listed.companyId },
    ]);
    const token = listed.admin.token;

    const page1 = await api(server, 'GET', '/tags', { token });
    expect(page1.status).toBe(200);
    expect(page1.body.tags).toHaveLength(20);
    expect(page1.body).toMatchObject({ count: 23, hasMore: true });
    expect(page1.body.tags[1]).toMatchObject({ name: 'Etiqueta 01', ticketsCount: 2 });
    expect(page1.body.tags[0]).toMatchObject({ name: 'Etiqueta 00', ticketsCount: 0 });
    const page2 = await api(server, 'GET', '/tags?pageNumber=2', { token });
    expect(page2.body.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 20', 'Etiqueta 21', 'Etiqueta 22']);
    expect(page2.body.hasMore).toBe(false);
    const byOffset = await api(server, 'GET', '/tags?offset=21', { token });
    expect(byOffset.body.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 21', 'Etiqueta 22']);

    const searched = await api(server, 'GET', '/tags?searchParam=etiqueta%2015', { token });
    expect(searched.body.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 15']);
    const kanban = await api(server, 'GET', '/tags?kanban=1', { token });
    expect(kanban.body).toMatchObject({ count: 3, hasMore: false });
    expect((await api(server, 'GET', '/tags?kanban=yes', { token })).status).toBe(400);

    const all = await api(server, 'GET', '/tags/list', { token });
    expect(all.body).toHaveLength(23);
    const plain = await api(server, 'GET', '/tags/list?kanban=0', { token });
    expect(plain.body).toHaveLength(20);

    const lanes = await api(server, 'GET', '/tags/kanban', { token });
    expect(lanes.status).toBe(200);
    expect(lanes.body.lista.map((t: { name: string; ticketsCount: number }) => [t.name, t.ticketsCount])).toEqual([
      ['Etiqueta 00', 0],
      ['Etiqueta 01', 2],
      ['Etiqueta 02', 0],
    ]);
  });

  it("syncs a contact's tags by id and by name (no ticket named: the contacts page)", async () => {
    const knex = server.ports.database.knex;
    const contact = await insertContact(knex, company.companyId);
    const vip = await insertTag(knex, company.companyId, { name: 'VIP Sync' });
    const old = await insertTag(knex, company.companyId, { name: 'Antiga' });
    await knex('contact_tags').insert({ contact_id: contact.id, tag_id: old, company_id: company.companyId });
    const token = company.users[0]!.token;

    const emit = spyOnRealtime(server.ports.realtime);
    let synced;
    try {
      synced = await api(server, 'POST', '/tags/sync', {
        token,
        body: {
          contactId: contact.id,
          tags: [{ id: vip, name: 'VIP Sync' }, { name: 'nova sync' }, { name: 'vip sync' }],
        },
      });
      expect(emit).toHaveBeenCalledWith(
        `company:${company.companyId}`,
        'contact',
        expect.objectContaining({ action: 'update', contact: expect.objectContaining({ id: contact.id }) }),
      );
    } finally {
      emit.mockRestore();
    }
    expect(synced.status).toBe(200);
    expect(synced.body.contactId).toBe(contact.id);
    expect(synced.body.tags.map((t: { name: string }) => t.name)).toEqual(['nova sync', 'VIP Sync']);
    expect(await knex('tags').where({ company_id: company.companyId }).whereRaw("lower(name) = 'vip sync'")).toHaveLength(1);

    const read = await api(server, 'GET', `/contactTags/${contact.id}`, { token });
    expect(read.body.tags.map((t: { id: number }) => t.id)).toEqual(synced.body.tags.map((t: { id: number }) => t.id));
    const shown = await api(server, 'GET', `/contacts/${contact.id}`, { token });
    expect(shown.body.tags.map((t: { name: string }) => t.name)).toEqual(['nova sync', 'VIP Sync']);
    const filtered = await api(server, 'GET', `/contacts?contactTag=${vip}`, { token });
    expect(filtered.body.contacts.map((c: { id: number }) => c.id)).toEqual([contact.id]);

    const cleared = await api(server, 'POST', '/tags/sync', { token, body: { contactId: contact.id, tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    expect(await knex('contact_tags').where('contact_id', contact.id)).toHaveLength(0);

    const invalid = await api(server, 'POST', '/tags/sync', { token, body: { contactId: contact.id, tags: [{ name: 'ab' }, {}] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ 'tags[0].name': 'Tag muito curta!', 'tags[1]': 'Informe o id ou o nome da etiqueta' });
  });

  it("answers 404 for another company's contact, ticket or tag", async () => {
    const knex = server.ports.database.knex;
    const token = company.admin.token;
    const mine = await insertContact(knex, company.companyId);
    const theirContact = await insertContact(knex, other.companyId);
    const theirTag = await insertTag(knex, other.companyId);
    const theirTicket = (await insertTicket(knex, other.companyId)).ticketId;
    const myTicket = (await insertTicket(knex, company.companyId)).ticketId;
    const myTag = await insertTag(knex, company.companyId, { kanban: 1 });
    const calls: [string, string, unknown, string][] = [
      ['GET', `/tags/${theirTag}`, undefined, 'ERR_NO_TAG_FOUND'],
      ['PUT', `/tags/${theirTag}`, { name: 'Renamed' }, 'ERR_NO_TAG_FOUND'],
      ['DELETE', `/tags/${theirTag}`, undefined, 'ERR_NO_TAG_FOUND'],
      ['GET', `/contactTags/${theirContact.id}`, undefined, 'ERR_NO_CONTACT_FOUND'],
      ['POST', '/tags/sync', { contactId: theirContact.id, tags: [] }, 'ERR_NO_CONTACT_FOUND'],
      ['POST', '/tags/sync', { contactId: mine.id, tags: [{ id: theirTag }] }, 'ERR_NO_TAG_FOUND'],
      ['POST', '/tags/sync', { contactId: mine.id, ticketId: theirTicket, tags: [] }, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticket-tags/${theirTicket}/${myTag}`, undefined, 'ERR_NO_TICKET_FOUND'],
      ['PUT', `/ticket-tags/${myTicket}/${theirTag}`, undefined, 'ERR_NO_TAG_FOUND'],
      ['DELETE', `/ticket-tags/${theirTicket}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ];
    for (const [method, route, body, error] of calls) {
      const answer = await api(server, method, route, { token, body });
      expect({ method, route, status: answer.status, error: answer.body?.error }).toEqual({ method, route, status: 404, error });
    }
    expect(await knex('tags').where('id', theirTag).first('name')).toMatchObject({ name: expect.stringMatching(/^Tag /) });
    expect(await knex('ticket_tags').whereIn('ticket_id', [theirTicket, myTicket])).toHaveLength(0);
  });

  it('moves a ticket between kanban lanes through ticket tags', async () => {
    const knex = server.ports.database.knex;
    const token = company.users[0]!.token;
    const ticket = (await insertTicket(knex, company.companyId)).ticketId;
    const todo = await insertTag(knex, company.companyId, { name: 'A Fazer', kanban: 1 });
    const doing = await insertTag(knex, company.companyId, { name: 'Fazendo', kanban: 1 });

    const added = await api(server, 'PUT', `/ticket-tags/${ticket}/${todo}`, { token });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ ticketId: ticket, tags: [expect.objectContaining({ id: todo, name: 'A Fazer' })] });
    expect((await api(server, 'PUT', `/ticket-tags/${ticket}/${todo}`, { token })).status).toBe(200);

    const emit = spyOnRealtime(server.ports.realtime);
    try {
      // The card move: remove the old lane, add the new one.
      const removed = await api(server, 'DELETE', `/ticket-tags/${ticket}`, { token });
      expect(removed.body).toEqual({ ticketId: ticket, tags: [] });
      const moved = await api(server, 'PUT', `/ticket-tags/${ticket}/${doing}`, { token });
      expect(moved.body.tags.map((t: { id: number }) => t.id)).toEqual([doing]);
      expect(emit).toHaveBeenCalledWith(
        `company:${company.companyId}`,
        'tag',
        expect.objectContaining({ action: 'update', tag: expect.objectContaining({ id: todo, ticketsCount: 0 }) }),
      );
      expect(emit).toHaveBeenCalledWith(
        `company:${company.companyId}`,
        'tag',
        expect.objectContaining({ action: 'update', tag: expect.objectContaining({ id: doing, ticketsCount: 1 }) }),
      );
    } finally {
      emit.mockRestore();
    }
    const lanes = await api(server, 'GET', '/tags/kanban', { token });
    const counts = Object.fromEntries(lanes.body.lista.map((t: { id: number; ticketsCount: number }) => [t.id, t.ticketsCount]));
    expect(counts[todo]).toBe(0);
    expect(counts[doing]).toBe(1);
  });

  it('refuses the kanban calls when the plan has no kanban', async () => {
    const noKanban = await server.createCompany({ plan: { use_kanban: false } });
    const knex = server.ports.database.knex;
    const ticket = (await insertTicket(knex, noKanban.companyId)).ticketId;
    const tag = await insertTag(knex, noKanban.companyId, { kanban: 1 });
    const token = noKanban.admin.token;
    for (const [method, route] of [
      ['GET', '/tags/kanban'],
      ['PUT', `/ticket-tags/${ticket}/${tag}`],
      ['DELETE', `/ticket-tags/${ticket}`],
    ] as const) {
      const answer = await api(server, method, route, { token });
      expect({ route, status: answer.status, error: answer.body.error }).toEqual({
        route,
        status: 403,
        error: 'ERR_PLAN_FEATURE_DISABLED',
      });
    }
    // Plain tags stay available.
    expect((await api(server, 'GET', '/tags', { token })).status).toBe(200);
  });

  it('answers 404 for the tags of a ticket the profile user may not see, and changes nothing', async () => {
    const knex = server.ports.database.knex;
    const token = company.users[1]!.token;
    const contact = await insertContact(knex, company.companyId);
    const hidden = (await insertTicket(knex, company.companyId)).ticketId;
    const lane = await insertTag(knex, company.companyId, { kanban: 1 });
    await knex('ticket_tags').insert({ ticket_id: hidden, tag_id: lane, company_id: company.companyId });
    const calls: [string, string, unknown][] = [
      ['POST', '/tags/sync', { contactId: contact.id, ticketId: hidden, tags: [{ id: lane }] }],
      ['PUT', `/ticket-tags/${hidden}/${lane}`, undefined],
      ['DELETE', `/ticket-tags/${hidden}`, undefined],
    ];
    for (const [method, route, body] of calls) {
      const answer = await api(server, method, route, { token, body });
      expect({ method, route, status: answer.status, error: answer.body?.error }).toEqual({
        method,
        route,
        status: 404,
        error: 'ERR_NO_TICKET_FOUND',
      });
    }
    expect(await knex('ticket_tags').where('ticket_id', hidden).select('tag_id')).toEqual([{ tag_id: lane }]);
    expect(await knex('contact_tags').where('contact_id', contact.id)).toHaveLength(0);
    // Once assigned to them, the ticket's tags are theirs to change.
    await knex('tickets').where('id', hidden).update({ user_id: company.users[1]!.id });
    expect((await api(server, 'DELETE', `/ticket-tags/${hidden}`, { token })).status).toBe(200);
  });
});
