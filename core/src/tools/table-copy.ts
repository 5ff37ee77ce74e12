import type { Knex } from 'knex';

/**
 * The pieces of the embedded-to-PostgreSQL move that speak SQL: which tables there are, copying one table's rows in
 * batches, lifting foreign keys for the copy and carrying sequences over. Both sides are PostgreSQL (PGlite is
 * PostgreSQL compiled to WebAssembly), so the catalogue queries are the same on each.
 */

/** knex's migration bookkeeping: each side records its own migrations, so these are not copied. */
export function isMigrationBookkeeping(table: string): boolean {
  return table.startsWith('knex_migrations');
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: string): string {
  return `public.${quoteIdent(table)}`;
}

async function rows<T>(knex: Knex, sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<T[]> {
  return ((await knex.raw(sql, bindings)) as { rows: T[] }).rows;
}

/** The installation's tables (schema public), migration bookkeeping left out, by name. */
export async function installationTables(knex: Knex): Promise<string[]> {
  const found = await rows<{ name: string }>(
    knex,
    `select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
  );
  return found.map((row) => row.name).filter((name) => !isMigrationBookkeeping(name));
}

export async function countRows(knex: Knex, table: string): Promise<number> {
  // As text: PGlite and pg disagree on how a bigint arrives.
  const [row] = await rows<{ count: string }>(knex, `select count(*)::text as count from ${qualified(table)}`);
  return Number(row!.count);
}

export async function hasRows(knex: Knex, table: string): Promise<boolean> {
  return (await rows(knex, `select 1 from ${qualified(table)} limit 1`)).length > 0;
}

/**
 * Copies every row of `table` from `source` into `target`. Rows leave the source as JSON text through a cursor, a
 * batch at a time, and enter the target through json_to_recordset: values travel in PostgreSQL's own text forms, so
 * timestamps keep their microseconds, numerics and bigints their digits, and no row is held in memory beyond its
 * batch. json and jsonb values travel as their text, so a stored JSON null stays a JSON null and not an SQL NULL.
 * Generated columns are left for the target to compute.
 */
export async function copyTable(options: {
  source: Knex;
  target: Knex.Transaction;
  table: string;
  batchSize: number;
  onBatch: (copied: number) => void;
}): Promise<number> {
  const { source, target, table } = options;
  const columns = await rows<{ name: string; type: string; json: boolean; identity: string; generated: string }>(
    target,
    `select attname as name, format_type(atttypid, atttypmod) as type, atttypid in ('json'::regtype, 'jsonb'::regtype) as json,
            attidentity as identity, attgenerated as generated
     from pg_attribute where attrelid = ?::regclass and attnum > 0 and not attisdropped order by attnum`,
    [qualified(table)],
  );
  const written = columns.filter((column) => column.generated === '');
  const names = written.map((column) => quoteIdent(column.name));
  const read = written.map((column, index) => (column.json ? `${names[index]}::text as ${names[index]}` : names[index])).join(', ');
  const shape = written.map((column, index) => `${names[index]} ${column.json ? 'text' : column.type}`).join(', ');
  const values = written.map((column, index) => (column.json ? `r.${names[index]}::${column.type}` : `r.${names[index]}`)).join(', ');
  // An identity column "generated always" takes the copied id only when told to.
  const overriding = written.some((column) => column.identity === 'a') ? ' overriding system value' : '';
  const insert =
    `insert into ${qualified(table)} (${names.join(', ')})${overriding} ` +
    `select ${values} from json_to_recordset(?::json) as r(${shape})`;
  let copied = 0;
  await source.transaction(async (reader) => {
    await reader.raw('set transaction read only');
    await reader.raw(
      `declare rows_out no scroll cursor for select row_to_json(t)::text as row from (select ${read} from ${qualified(table)}) t`,
    );
    for (;;) {
      const batch = await rows<{ row: string }>(reader, `fetch ${Math.max(1, Math.floor(options.batchSize))} from rows_out`);
      if (batch.length === 0) break;
      await target.raw(insert, [`[${batch.map((entry) => entry.row).join(',')}]`]);
      copied += batch.length;
      options.onBatch(copied);
    }
  });
  return copied;
}

/**
 * Runs `copy` with the target's foreign keys and user triggers lifted, then puts them back. Tables can then be
 * filled in any order (some reference each other), no trigger rewrites a copied row, and adding the keys back
 * checks every reference of the copied data at once. Works for the tables' owner, no superuser needed.
 */
export async function withoutConstraints(target: Knex.Transaction, copy: () => Promise<void>): Promise<void> {
  const keys = await rows<{ table: string; name: string; definition: string }>(
    target,
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by conrelid::regclass::text, conname`,
  );
  const triggered = await rows<{ table: string }>(
    target,
    `select distinct tgrelid::regclass::text as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`,
  );
  for (const key of keys) await target.raw(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`);
  for (const { table } of triggered) await target.raw(`alter table ${table} disable trigger user`);
  await copy();
  for (const { table } of triggered) await target.raw(`alter table ${table} enable trigger user`);
  for (const key of keys) await target.raw(`alter table ${key.table} add constraint ${quoteIdent(key.name)} ${key.definition}`);
}

/**
 * Sets each of the target's sequences so its next value is past both what the embedded one would have given next
 * and the largest copied id: a new ticket never reuses the id of one that existed, even of one since deleted.
 */
export async function carrySequences(options: { source: Knex; target: Knex.Transaction; tables: string[] }): Promise<number> {
  const { source, target } = options;
  const sequences = await rows<{ name: string; table: string | null; column: string | null }>(
    source,
    `select s.relname as name, t.relname as table, a.attname as column
     from pg_class s
     left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     left join pg_class t on t.oid = d.refobjid
     left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
     order by s.relname`,
  );
  let carried = 0;
  for (const sequence of sequences) {
    if (sequence.table && !options.tables.includes(sequence.table)) continue;
    const [state] = await rows<{ last: string; called: boolean }>(
      source,
      `select last_value::text as last, is_called as called from public.${quoteIdent(sequence.name)}`,
    );
    const next = state!.called ? BigInt(state!.last) + 1n : BigInt(state!.last);
    const copiedMax =
      sequence.table && sequence.column
        ? `(select max(${quoteIdent(sequence.column)})::bigint from ${qualified(sequence.table)})`
        : 'null::bigint';
    await target.raw(`select setval(?::regclass, greatest(?::bigint, coalesce(${copiedMax}, 0) + 1), false)`, [
      `public.${quoteIdent(sequence.name)}`,
      next.toString(),
    ]);
    carried += 1;
  }
  return carried;
}
