import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// Rows the notes, schedules and quick-message tests hang off: contacts and tickets inserted directly.

export async function insertContact(knex: Knex, companyId: number, name = `Contato ${randomBytes(3).toString('hex')}`): Promise<number> {
  const [row] = await knex('contacts')
    .insert({ company_id: companyId, name, number: `55${Date.now() % 1e9}${randomBytes(2).readUInt16BE()}`, channel: 'whatsapp' })
    .returning('id');
  return row.id as number;
}

export async function insertTicket(knex: Knex, companyId: number, contactId?: number): Promise<{ ticketId: number; contactId: number }> {
  const contact = contactId ?? (await insertContact(knex, companyId));
  const [row] = await knex('tickets').insert({ company_id: companyId, contact_id: contact, status: 'open' }).returning('id');
  return { ticketId: row.id as number, contactId: contact };
}

export async function insertConnection(knex: Knex, companyId: number): Promise<number> {
  const [row] = await knex('connections')
    .insert({ company_id: companyId, name: `Conexão ${randomBytes(3).toString('hex')}`, channel: 'whatsapp' })
    .returning('id');
  return row.id as number;
}
