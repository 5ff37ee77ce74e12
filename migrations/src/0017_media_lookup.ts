import type { Knex } from 'knex';
import type { Migration } from './index.js';

// Which messages carry a stored file: the media route checks that a profile user may see a ticket showing it,
// and a deletion keeps a file another message still shows.

async function up(knex: Knex): Promise<void> {
  await knex.raw('create index messages_company_media_url on messages (company_id, media_url) where media_url is not null');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists messages_company_media_url');
}

export const migration: Migration = { name: '0017_media_lookup', up, down };
