import type { Knex } from 'knex';
import { migration as m0001 } from './0001_companies.js';
import { migration as m0002 } from './0002_users.js';
import { migration as m0003 } from './0003_queues.js';
import { migration as m0004 } from './0004_connections.js';
import { migration as m0005 } from './0005_contacts.js';
import { migration as m0006 } from './0006_tickets.js';
import { migration as m0007 } from './0007_messages.js';
import { migration as m0008 } from './0008_outreach.js';
import { migration as m0009 } from './0009_chats.js';
import { migration as m0010 } from './0010_on_call.js';
import { migration as m0011 } from './0011_plugin_store.js';
import { migration as m0013 } from './0013_conversation_timers.js';
import { migration as m0014 } from './0014_auth_sessions.js';
import { migration as m0015 } from './0015_channel_addresses_public_ids.js';
import { migration as m0017 } from './0017_media_lookup.js';
import { migration as m0018 } from './0018_ticket_last_message_type.js';
import { migration as m0019 } from './0019_message_participant_names.js';
import { migration as m0020 } from './0020_ticket_activity_index.js';
import { migration as m0021 } from './0021_company_customer_language.js';
import { migration as m0023 } from './0023_integration_sessions.js';
import { migration as m0024 } from './0024_session_owners.js';
import { migration as m0025 } from './0025_campaign_dispatch.js';
import { migration as m0026 } from './0026_announcement_order.js';
import { migration as m0027 } from './0027_on_call_notices.js';
import { migration as m0028 } from './0028_chat_unreads.js';
import { migration as m0029 } from './0029_ticket_moments.js';
import { migration as m0030 } from './0030_ticket_arrival_order.js';
import { migration as m0031 } from './0031_invoice_periods.js';
import { migration as m0033 } from './0033_company_status_history.js';
import { migration as m0034 } from './0034_ticket_protocols.js';
import { migration as m0035 } from './0035_ticket_active_activity.js';

/** One schema step; `name` orders them and is what knex records as applied. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed explicitly (not read from a folder) so the same list works from source, from dist and in tests.
export const coreMigrations: Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0013,
  m0014,
  m0015,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0023,
  m0024,
  m0025,
  m0026,
  m0027,
  m0028,
  m0029,
  m0030,
  m0031,
  m0033,
  m0034,
  m0035,
];

/** A knex MigrationSource over a list of migrations (the core list, or a plugin's own). */
export class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}

  async getMigrations(): Promise<Migration[]> {
    return [...this.migrations].sort((a, b) => a.name.localeCompare(b.name));
  }

  getMigrationName(migration: Migration): string {
    return migration.name;
  }

  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return { up: migration.up, down: migration.down };
  }
}
