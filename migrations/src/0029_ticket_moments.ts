import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The moments of a ticket the dashboard and the reports measure: arrival (created_at), first acceptance
// (accepted_at) and close (closed_at). Wait time is arrival to first acceptance, service time acceptance to close.
// accepted_at is written by the database the first time a ticket turns open, whichever path opens it (an agent
// accepting, routing assigning, an agent starting the conversation), and never again, so no path can forget it
// and a reopened ticket keeps its first acceptance.

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.timestamp('accepted_at', { useTz: true }).nullable();
  });
  await knex.raw(`
    update tickets t set accepted_at = first_open.at
    from (select ticket_id, min(created_at) as at from ticket_logs where type = 'open' group by ticket_id) first_open
    where first_open.ticket_id = t.id`);
  await knex.raw(`
    create function tickets_record_acceptance() returns trigger language plpgsql as $$
    begin
      if new.status = 'open' and new.accepted_at is null then
        new.accepted_at := case when tg_op = 'INSERT' then coalesce(new.created_at, now()) else now() end;
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger tickets_record_acceptance before insert or update of status on tickets
    for each row execute function tickets_record_acceptance()`);
  // Dashboard periods and reports select tickets by arrival; leads are contacts by creation.
  await knex.raw('create index tickets_company_created on tickets (company_id, created_at)');
  await knex.raw('create index contacts_company_created on contacts (company_id, created_at)');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index contacts_company_created');
  await knex.raw('drop index tickets_company_created');
  await knex.raw('drop trigger tickets_record_acceptance on tickets');
  await knex.raw('drop function tickets_record_acceptance()');
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('accepted_at');
  });
}

export const migration: Migration = { name: '0029_ticket_moments', up, down };
