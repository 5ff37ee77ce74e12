import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId } from './helpers.js';

// Every ticket gets a protocol number when it is created: the day it opened and the company's next number
// (20261128000042), unique within the company. The number comes from a counter row per company that the insert
// takes under its row lock, so two nodes creating tickets for one company at once never share a number, and a
// ticket's protocol is never written again.

const NEXT_PROTOCOL = `
  create function tickets_assign_protocol() returns trigger language plpgsql as $$
  declare
    next_number bigint;
  begin
    if new.protocol is null then
      insert into ticket_protocol_counters as counter (company_id, last_number) values (new.company_id, 1)
        on conflict (company_id) do update set last_number = counter.last_number + 1
        returning last_number into next_number;
      new.protocol := to_char(coalesce(new.created_at, now()), 'YYYYMMDD')
        || lpad(next_number::text, greatest(6, length(next_number::text)), '0');
    end if;
    return new;
  end $$`;

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_protocol_counters', (t) => {
    companyId(t, { index: false });
    t.bigInteger('last_number').notNullable();
    t.primary(['company_id']);
  });
  // Tickets made before: numbered in the order they were created.
  await knex.raw(`
    with numbered as (
      select id, created_at, row_number() over (partition by company_id order by id) as n from tickets where protocol is null
    )
    update tickets t set protocol = to_char(numbered.created_at, 'YYYYMMDD') || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0')
    from numbered where numbered.id = t.id`);
  await knex.raw(
    'insert into ticket_protocol_counters (company_id, last_number) select company_id, count(*) from tickets group by company_id',
  );
  await knex.raw('create unique index tickets_company_protocol on tickets (company_id, protocol)');
  await knex.raw(NEXT_PROTOCOL);
  await knex.raw('create trigger tickets_assign_protocol before insert on tickets for each row execute function tickets_assign_protocol()');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger tickets_assign_protocol on tickets');
  await knex.raw('drop function tickets_assign_protocol()');
  await knex.raw('drop index tickets_company_protocol');
  await knex.schema.dropTable('ticket_protocol_counters');
}

export const migration: Migration = { name: '0034_ticket_protocols', up, down };
