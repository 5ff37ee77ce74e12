import type { Knex } from 'knex';

/** A contact and an open ticket of a company, inserted directly (for access cases and tests). */
export async function insertTicket(
  knex: Knex,
  companyId: number,
  extra: Record<string, unknown> = {},
): Promise<{ ticketId: number; contactId: number }> {
  const [contact] = await knex('contacts')
    .insert({ company_id: companyId, name: 'Fixture contact', number: `55119${Math.floor(Math.random() * 1e8)}`, channel: 'whatsapp' })
    .returning('id');
  const [ticket] = await knex('tickets')
    .insert({ company_id: companyId, contact_id: contact.id, status: 'open', ...extra })
    .returning('id');
  return { ticketId: ticket.id, contactId: contact.id };
}
