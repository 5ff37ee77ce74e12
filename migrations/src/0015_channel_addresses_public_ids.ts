import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from './index.js';

// Security of the channel entry points (issue 12):
// - connections.channel_address: the channel account a connection speaks for (a Facebook page id, an Instagram
//   account id: the setting a channel's description marks `address`). Unique per channel on the whole
//   installation, so a webhook delivery for an address reaches one connection of one company.
// - connections.public_id: what public pages (the webchat widget) name a connection by, instead of its token,
//   which is the external API's credential.
// - plugin_store.sealed: the row's value is encrypted with the app's key; older plain rows are sealed when read.

/** The address settings of the channels that existed before this step (plugins declare theirs from now on). */
const KNOWN_ADDRESSES: Record<string, string> = { facebook: 'pageId', instagram: 'instagramAccountId' };

/** 24 characters of base64url from 18 random bytes; the service makes new ones the same way. */
function publicId(): string {
  return randomBytes(18).toString('base64url');
}

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('connections', (t) => {
    t.text('channel_address');
    t.text('public_id');
  });
  // Two connections claiming one address (the hole this closes): the oldest keeps it, the others lose their
  // address until an admin saves it again (and is told whose it is not).
  for (const [channel, setting] of Object.entries(KNOWN_ADDRESSES)) {
    await knex.raw(
      `update connections c set channel_address = c.settings ->> ?
        where c.channel = ? and coalesce(c.settings ->> ?, '') <> ''
          and c.id = (select min(o.id) from connections o where o.channel = c.channel and o.settings ->> ? = c.settings ->> ?)`,
      [setting, channel, setting, setting, setting],
    );
  }
  await knex.raw(
    'create unique index connections_channel_address_unique on connections (channel, channel_address) where channel_address is not null',
  );

  for (const { id } of await knex('connections').select('id')) await knex('connections').where({ id }).update({ public_id: publicId() });
  // Rows inserted without one (fixtures, older code) still get a random id; the service always sets its own.
  await knex.raw(`alter table connections alter column public_id set default replace(gen_random_uuid()::text, '-', '')`);
  await knex.raw('alter table connections alter column public_id set not null');
  await knex.raw('create unique index connections_public_id_unique on connections (public_id)');

  await knex.schema.alterTable('plugin_store', (t) => {
    t.boolean('sealed').notNullable().defaultTo(false);
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plugin_store', (t) => t.dropColumn('sealed'));
  await knex.raw('drop index if exists connections_public_id_unique');
  await knex.raw('drop index if exists connections_channel_address_unique');
  await knex.schema.alterTable('connections', (t) => {
    t.dropColumn('public_id');
    t.dropColumn('channel_address');
  });
}

export const migration: Migration = { name: '0015_channel_addresses_public_ids', up, down };
