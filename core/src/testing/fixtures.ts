import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// Rows that tests hang their cases off, inserted directly into a company (for access cases and tests).

/** A WhatsApp contact of the company with a number of its own; `fields` override any column. */
export async function insertContact(
  knex: Knex,
  companyId: number,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; number: string }> {
  const number = `55${BigInt(`0x${randomBytes(5).toString('hex')}`) % 100_000_000_000n}`;
  const [row] = await knex('contacts')
    .insert({ company_id: companyId, name: `Contato ${number}`, number, channel: 'whatsapp', ...fields })
    .returning(['id', 'number']);
  return { id: row.id as number, number: row.number as string };
}

/** An open ticket of the company, on a new contact unless `extra` names one (contact_id); `extra` overrides any column. */
export async function insertTicket(
  knex: Knex,
  companyId: number,
  extra: Record<string, unknown> = {},
): Promise<{ ticketId: number; contactId: number }> {
  const contactId = (extra.contact_id as number | undefined) ?? (await insertContact(knex, companyId)).id;
  const [ticket] = await knex('tickets')
    .insert({ company_id: companyId, contact_id: contactId, status: 'open', ...extra })
    .returning('id');
  return { ticketId: ticket.id as number, contactId };
}

/** A WhatsApp connection of the company (no session runs for it); `fields` override any column. */
export async function insertConnection(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex('connections')
    .insert({ company_id: companyId, name: `Conexão ${randomBytes(3).toString('hex')}`, channel: 'whatsapp', ...fields })
    .returning('id');
  return row.id as number;
}
