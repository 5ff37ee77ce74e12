import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The history of each company's status, which the platform metrics' churn reads (was a company active at the start
// of a month?). The database writes it (triggers on companies), so no path that creates, (de)activates or deletes a
// company can forget it. A platform record: rows have no foreign key and outlive a deleted company, whose deletion
// row keeps the paid invoices the deletion takes with it (cascade), so churn still counts a company that was paying
// before it was removed. Companies that exist before this migration are taken as in their current status since
// their creation.

async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table company_status_history (
      id bigserial primary key,
      company integer not null,
      status text not null check (status in ('active', 'inactive', 'deleted')),
      changed_at timestamptz not null default now(),
      paid_invoices jsonb
    )`);
  await knex.raw('create index company_status_history_company on company_status_history (company, changed_at)');
  await knex.raw(`
    insert into company_status_history (company, status, changed_at)
    select id, case when status then 'active' else 'inactive' end, created_at from companies`);
  await knex.raw(`
    create function company_status_history_record() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into company_status_history (company, status, paid_invoices)
        select old.id, 'deleted',
          coalesce(jsonb_agg(jsonb_build_object('due_date', i.due_date, 'value', i.value, 'recurrence', old.recurrence)), '[]'::jsonb)
        from invoices i where i.company_id = old.id and i.status = 'paid';
        return old;
      end if;
      if tg_op = 'INSERT' or new.status is distinct from old.status then
        insert into company_status_history (company, status, changed_at)
        values (new.id, case when new.status then 'active' else 'inactive' end,
          case when tg_op = 'INSERT' then coalesce(new.created_at, now()) else now() end);
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger company_status_history_change after insert or update of status on companies
    for each row execute function company_status_history_record()`);
  // Before the row goes, while the invoices its deletion cascades to are still there.
  await knex.raw(`
    create trigger company_status_history_deletion before delete on companies
    for each row execute function company_status_history_record()`);
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger company_status_history_deletion on companies');
  await knex.raw('drop trigger company_status_history_change on companies');
  await knex.raw('drop function company_status_history_record()');
  await knex.raw('drop table company_status_history');
}

export const migration: Migration = { name: '0033_company_status_history', up, down };
