import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertContact, insertTicket } from '../../../testing/fixtures.js';

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;

const agent = () => company.users[0]!;
const colleague = () => company.users[1]!;
/** A profile user of no queue and without allTicket: sees only the tickets assigned to them (spec 1 §6). */
const outsider = () => company.users[2]!;

beforeAll(async () => {
  server = await startTestServer();
  // The fixture tickets are open, without owner or queue: allTicket 'enable' lets the agents see them.
  company = await server.createCompany({
    users: [{ profile: 'user', all_ticket: 'enable' }, { profile: 'user', all_ticket: 'enable' }, { profile: 'user' }],
  });
  other = await server.createCompany();
});

afterAll(async () => {
  await server?.stop();
});

describe('ticket notes API', () => {
  it("adds a note with the spec's success text and lists a ticket's notes newest first with their author", async () => {
    const knex = server.ports.database.knex;
    const { ticketId, contactId } = await insertTicket(knex, company.companyId);
    const first = await api(server, 'POST', '/ticket-notes', {
      token: agent().token,
      body: { note: 'Cliente pediu retorno amanhã', ticketId, contactId },
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Observação adicionada com sucesso!');
    expect(first.body.note).toMatchObject({
      note: 'Cliente pediu retorno amanhã',
      ticketId,
      contactId,
      userId: agent().id,
      user: { id: agent().id, name: expect.any(String) },
    });
    expect(first.body.note.user).not.toHaveProperty('email');
    // contactId defaults to the ticket's contact.
    const second = await api(server, 'POST', '/ticket-notes', { token: colleague().token, body: { note: 'Segunda nota', ticketId } });
    expect(second.status).toBe(201);
    expect(second.body.note.contactId).toBe(contactId);
    // Another ticket's note does not show up.
    const otherTicket = await insertTicket(knex, company.companyId);
    await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: 'Outra', ticketId: otherTicket.ticketId } });

    const list = await api(server, 'GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`, { token: agent().token });
    expect(list.status).toBe(200);
    expect(list.body.map((note: { note: string }) => note.note)).toEqual(['Segunda nota', 'Cliente pediu retorno amanhã']);
    expect(list.body[0].user).toEqual({ id: colleague().id, name: expect.any(String) });
    const byContact = await api(server, 'GET', `/ticket-notes/list?contactId=${contactId}`, { token: agent().token });
    expect(byContact.body).toHaveLength(2);
    const noFilter = await api(server, 'GET', '/ticket-notes/list', { token: agent().token });
    expect(noFilter.status).toBe(400);
    expect(noFilter.body.fields).toEqual({ ticketId: 'Obrigatório' });
  });

  it('validates the note: required, at least 2 characters; ticket and contact must be the company’s', async () => {
    const knex = server.ports.database.knex;
    const { ticketId, contactId } = await insertTicket(knex, company.companyId);
    const empty = await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { ticketId } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { note: 'Obrigatório' } });
    const short = await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: ' a ', ticketId } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ note: 'Muito curto!' });
    const noTicket = await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: 'ok ok' } });
    expect(noTicket.body.fields).toEqual({ ticketId: 'Obrigatório' });

    const foreign = await insertTicket(knex, other.companyId);
    const foreignTicket = await api(server, 'POST', '/ticket-notes', {
      token: agent().token,
      body: { note: 'Nota', ticketId: foreign.ticketId },
    });
    expect(foreignTicket.status).toBe(404);
    expect(foreignTicket.body.error).toBe('ERR_NO_TICKET_FOUND');
    const foreignContact = await api(server, 'POST', '/ticket-notes', {
      token: agent().token,
      body: { note: 'Nota', ticketId, contactId: foreign.contactId },
    });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const otherContact = (await insertContact(knex, company.companyId)).id;
    const mismatch = await api(server, 'POST', '/ticket-notes', {
      token: agent().token,
      body: { note: 'Nota', ticketId, contactId: otherContact },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty('contactId');
    expect((await api(server, 'GET', `/ticket-notes/list?ticketId=${foreign.ticketId}`, { token: agent().token })).body.error).toBe(
      'ERR_NO_TICKET_FOUND',
    );
    expect(contactId).toBeGreaterThan(0);
  });

  it('deletes a note by its author or an admin only', async () => {
    const { ticketId } = await insertTicket(server.ports.database.knex, company.companyId);
    const note = (await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: 'Minha nota', ticketId } })).body.note;
    const byColleague = await api(server, 'DELETE', `/ticket-notes/${note.id}`, { token: colleague().token });
    expect(byColleague.status).toBe(403);
    expect(byColleague.body.error).toBe('ERR_NO_PERMISSION');
    const byOtherCompany = await api(server, 'DELETE', `/ticket-notes/${note.id}`, { token: other.admin.token });
    expect(byOtherCompany.status).toBe(404);
    const byAuthor = await api(server, 'DELETE', `/ticket-notes/${note.id}`, { token: agent().token });
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toEqual({ message: 'Observação excluída com sucesso!' });
    expect((await api(server, 'DELETE', `/ticket-notes/${note.id}`, { token: agent().token })).status).toBe(404);

    const another = (await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: 'Outra nota', ticketId } })).body
      .note;
    expect((await api(server, 'DELETE', `/ticket-notes/${another.id}`, { token: company.admin.token })).status).toBe(200);
  });

  it("pages the company's notes, newest first, with hasMore", async () => {
    const fresh = await server.createCompany({ users: [{ profile: 'user', all_ticket: 'enable' }] });
    const { ticketId } = await insertTicket(server.ports.database.knex, fresh.companyId);
    for (let i = 1; i <= 22; i += 1) {
      const added = await api(server, 'POST', '/ticket-notes', { token: fresh.users[0]!.token, body: { note: `Nota ${i}`, ticketId } });
      expect(added.status).toBe(201);
    }
    const first = await api(server, 'GET', '/ticket-notes', { token: fresh.users[0]!.token });
    expect(first.status).toBe(200);
    expect(first.body.notes).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.notes[0].note).toBe('Nota 22');
    const second = await api(server, 'GET', '/ticket-notes?pageNumber=2', { token: fresh.users[0]!.token });
    expect(second.body.notes.map((n: { note: string }) => n.note)).toEqual(['Nota 2', 'Nota 1']);
    expect(second.body.hasMore).toBe(false);
    // Another company sees none of them.
    const foreign = await api(server, 'GET', '/ticket-notes', { token: other.admin.token });
    expect(foreign.body.notes.every((n: { ticketId: number }) => n.ticketId !== ticketId)).toBe(true);
  });

  it('hides the notes of a ticket the caller may not see, as if it did not exist', async () => {
    const knex = server.ports.database.knex;
    const { ticketId, contactId } = await insertTicket(knex, company.companyId);
    const note = (await api(server, 'POST', '/ticket-notes', { token: agent().token, body: { note: 'Nota reservada', ticketId } })).body
      .note;
    expect(note.id).toBeGreaterThan(0);
    const as = { token: outsider().token };

    const notFound = { error: 'ERR_NO_TICKET_FOUND' };
    expect((await api(server, 'GET', `/ticket-notes/list?ticketId=${ticketId}`, as)).body).toMatchObject(notFound);
    expect((await api(server, 'GET', `/ticket-notes?ticketId=${ticketId}`, as)).body).toMatchObject(notFound);
    const added = await api(server, 'POST', '/ticket-notes', { ...as, body: { note: 'Intrusa', ticketId } });
    expect(added.status).toBe(404);
    expect(added.body).toMatchObject(notFound);
    // The contact is the company's (contacts are shared), but the notes it shows are only of visible tickets.
    const byContact = await api(server, 'GET', `/ticket-notes/list?contactId=${contactId}`, as);
    expect(byContact.status).toBe(200);
    expect(byContact.body).toEqual([]);
    const page = await api(server, 'GET', '/ticket-notes', as);
    expect(page.body.notes.some((n: { id: number }) => n.id === note.id)).toBe(false);
    const removed = await api(server, 'DELETE', `/ticket-notes/${note.id}`, { token: outsider().token });
    expect(removed.status).toBe(404);
    expect(removed.body.error).toBe('ERR_NO_TICKET_NOTE_FOUND');

    // Assigned to the outsider, the same ticket and its notes are theirs to see.
    await knex('tickets').where('id', ticketId).update({ user_id: outsider().id });
    const visible = await api(server, 'GET', `/ticket-notes/list?ticketId=${ticketId}`, as);
    expect(visible.status).toBe(200);
    expect(visible.body.map((n: { id: number }) => n.id)).toEqual([note.id]);
  });
});
