import type { Knex } from 'knex';
import type { Migration } from './index.js';

// What the campaign dispatcher needs beyond 0008: the attached file's type; each shipping row remembers the message it stored (so the sweep
// can tell when the channel took it), claimable and in-flight rows have narrow indexes, and a message carries at most
// once the campaign shipping it was made for (the exactly-once guard: a second store of one shipping fails).

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_shippings', (t) => {
    t.integer('message_id').references('id').inTable('messages').onDelete('SET NULL');
  });
  // The attached file's type, as uploaded, for the channel.
  await knex.schema.alterTable('campaigns', (t) => {
    t.text('media_mime_type');
  });
  await knex.raw('drop index if exists campaign_shippings_due');
  // Rows waiting to be stored, by due time: what every sweep claims from.
  await knex.raw(
    `create index campaign_shippings_claimable on campaign_shippings (send_at, id)
      where delivered_at is null and last_error is null and message_id is null`,
  );
  // Rows stored and waiting for the channel's answer.
  await knex.raw(
    `create index campaign_shippings_in_flight on campaign_shippings (message_id)
      where message_id is not null and delivered_at is null and last_error is null`,
  );
  // An inbound message looks up its contact's unanswered confirmation request.
  await knex.raw(
    `create index campaign_shippings_awaiting_answer on campaign_shippings (contact_id)
      where confirmation_requested_at is not null and confirmed_at is null`,
  );
  await knex.raw(
    `create unique index messages_campaign_shipping on messages (company_id, (data->'origin'->>'campaignShipping'))
      where (data->'origin'->>'campaignShipping') is not null`,
  );
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists messages_campaign_shipping');
  await knex.raw('drop index if exists campaign_shippings_awaiting_answer');
  await knex.raw('drop index if exists campaign_shippings_in_flight');
  await knex.raw('drop index if exists campaign_shippings_claimable');
  await knex.schema.alterTable('campaign_shippings', (t) => {
    t.dropColumn('message_id');
  });
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('media_mime_type');
  });
  await knex.raw('create index campaign_shippings_due on campaign_shippings (send_at) where delivered_at is null');
}

export const migration: Migration = { name: '0025_campaign_dispatch', up, down };
