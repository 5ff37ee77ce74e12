import { inject, injectable, type ConnectionInfo } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import type { TenantScope } from '../../platform/database/model.js';
import { mediaTypeOf } from '../../platform/media/media-type.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { toConnectionInfo } from '../connections/index.js';
import { ConversationRecords, contactRecord, type ContactRow } from '../conversations/index.js';
import { OutboundMessages, type StoredFile } from '../messages/index.js';
import { pgArray, textArray } from '../../platform/database/pg-arrays.js';
import { chosenText, fillCampaignMessage, type Recipient } from './campaign-message.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { connectionIdsOf, messageTexts, type CampaignRow } from './campaign-view.js';
import type { ClaimedShipping } from './due-campaigns.js';

/** A row that failed this many claims is marked failed (counted) instead of tried again. */
const MAX_ATTEMPTS = 3;

/** A row ready to go: its connection, its contact there, and its message. */
interface PreparedSend {
  row: ClaimedShipping;
  connection: ConnectionInfo;
  contact: ContactRow;
  body: string;
  media?: StoredFile;
}

/** What a shipping row becomes after its batch. */
type Outcome =
  | { id: number; messageId: number; message: string | null; contactId?: number; whatsappId?: number }
  | { id: number; error: string; final: boolean };

/** Where a campaign send comes from, kept on its message: the unique index makes a second store of it fail. */
export function shippingOrigin(shippingId: number): Record<string, string> {
  return { campaignShipping: String(shippingId) };
}

/** The confirmation's origin: one confirmation message per shipping row, by the same index. */
export function confirmationOrigin(shippingId: number): Record<string, string> {
  return { campaignShipping: `${shippingId}:confirmation` };
}

/**
 * Sends one company's claimed shipping rows: contacts upserted in one statement per connection, each recipient's
 * ticket settled, the chosen message stored on it through OutboundMessages (which queues it on the connection), and
 * the rows marked with their message in one statement. A row retried after a crash whose message is already stored
 * is only marked; a store racing another node's fails on the unique origin and is marked the same way.
 */
@injectable()
export class CampaignShipper {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async ship(options: { companyId: number; rows: ClaimedShipping[] }): Promise<void> {
    const scope = this.tenancy.of(options.companyId);
    const { rows } = options;
    const campaigns = new Map(
      (
        await scope
          .table<CampaignRow>('campaigns')
          .whereIn('id', [...new Set(rows.map((row) => row.campaignId))])
          .select('*')
      ).map((row) => [row.id, row]),
    );
    const stored = await this.storedBefore(
      scope,
      rows.filter((row) => row.attempts > 1),
    );
    const outcomes: Outcome[] = [...stored].map(([id, message]) => ({ id, ...message, message: null }));
    const toSend = rows.filter((row) => !stored.has(row.id) && campaigns.has(row.campaignId));
    if (toSend.length > 0) {
      const [connections, recipients, { variables }] = await Promise.all([
        this.connections(scope, toSend, campaigns),
        this.recipients(scope, toSend),
        this.settings.read(scope),
      ]);
      const contacts = await this.contacts(scope, toSend, connections, recipients);
      const byConnection = new Map<number, { connection: ConnectionInfo; sends: PreparedSend[] }>();
      for (const row of toSend) {
        const prepared = this.prepare({ row, campaign: campaigns.get(row.campaignId)!, connections, contacts, recipients, variables });
        if ('error' in prepared) {
          outcomes.push(prepared);
          continue;
        }
        const group = byConnection.get(prepared.connection.id) ?? { connection: prepared.connection, sends: [] };
        group.sends.push(prepared);
        byConnection.set(prepared.connection.id, group);
      }
      for (const { connection, sends } of byConnection.values()) outcomes.push(...(await this.sendAll(scope, connection, sends)));
    }
    await this.mark(scope, outcomes);
  }

  /** What one row sends and where, or why it cannot be sent. */
  private prepare(job: {
    row: ClaimedShipping;
    campaign: CampaignRow;
    connections: Map<number, ConnectionInfo>;
    contacts: Map<string, ContactRow>;
    recipients: Map<number, Recipient>;
    variables: { key: string; value: string }[];
  }): PreparedSend | Extract<Outcome, { error: string }> {
    const { row, campaign } = job;
    const final = row.attempts >= MAX_ATTEMPTS;
    const connection = this.connectionOf(row, campaign, job.connections);
    if (!connection) return { id: row.id, error: 'ERR_NO_WAPP_FOUND', final: true };
    const contact = job.contacts.get(`${connection.channel}:${row.number}`);
    if (!contact) return { id: row.id, error: 'ERR_NO_CONTACT_FOUND', final };
    const template = chosenText(messageTexts(campaign, 'message'), row.id);
    if (!template && !campaign.media_path) return { id: row.id, error: 'ERR_CAMPAIGN_NO_MESSAGE', final: true };
    const recipient = job.recipients.get(row.id) ?? { name: contact.name, number: row.number, email: '' };
    return {
      row,
      connection,
      contact,
      body: template ? fillCampaignMessage(template, recipient, job.variables) : '',
      media: campaign.media_path
        ? {
            path: campaign.media_path,
            fileName: campaign.media_name ?? 'arquivo',
            mimeType: campaign.media_mime_type ?? 'application/octet-stream',
            mediaType: mediaTypeOf(campaign.media_mime_type ?? 'application/octet-stream'),
          }
        : undefined,
    };
  }

  /**
   * One connection's sends in a few statements: the recipients' tickets settled together, then their messages stored
   * together (each queued on the connection). A message stored by an earlier claim or by another node is only marked.
   */
  private async sendAll(scope: TenantScope, connection: ConnectionInfo, sends: PreparedSend[]): Promise<Outcome[]> {
    try {
      const tickets = await this.records.settleTickets(
        connection,
        sends.map((send) => contactRecord(send.contact)),
      );
      const outcomes: Outcome[] = [];
      const ticketed = sends.filter((send) => {
        if (tickets.has(send.contact.id)) return true;
        outcomes.push({ id: send.row.id, error: 'ERR_CREATING_TICKET', final: true });
        return false;
      });
      const stored = await this.outbound.sendMany({
        companyId: scope.companyId,
        messages: ticketed.map((send) => ({
          ticketId: tickets.get(send.contact.id)!.id,
          body: send.body,
          storedMedia: send.media,
          origin: shippingOrigin(send.row.id),
        })),
      });
      const before = await this.storedBefore(
        scope,
        ticketed.filter((_, index) => !stored[index]).map((send) => send.row),
      );
      ticketed.forEach((send, index) => {
        const message = stored[index];
        const earlier = before.get(send.row.id);
        if (message)
          outcomes.push({
            id: send.row.id,
            messageId: message.id,
            message: send.body,
            contactId: send.contact.id,
            whatsappId: connection.id,
          });
        else if (earlier) outcomes.push({ id: send.row.id, ...earlier, message: null });
        else outcomes.push({ id: send.row.id, error: 'ERR_SENDING_WAPP_MSG', final: send.row.attempts >= MAX_ATTEMPTS });
      });
      return outcomes;
    } catch (error) {
      // The rows keep their claim and are taken again once it expires, up to MAX_ATTEMPTS.
      this.logger.warn({ err: error, connectionId: connection.id, rows: sends.length }, 'campaign messages could not be stored');
      const reason = error instanceof Error ? error.message.slice(0, 200) : 'ERR_SENDING_WAPP_MSG';
      return sends.map((send) => ({ id: send.row.id, error: reason, final: send.row.attempts >= MAX_ATTEMPTS }));
    }
  }

  /** The messages already stored for these rows (a previous claim got that far), by shipping id. */
  private async storedBefore(
    scope: TenantScope,
    rows: ClaimedShipping[],
  ): Promise<Map<number, { messageId: number; contactId: number; whatsappId: number }>> {
    if (rows.length === 0) return new Map();
    const found: { id: number; contact_id: number; whatsapp_id: number; origin: string }[] = await scope
      .table('messages')
      .whereRaw(`(data->'origin'->>'campaignShipping') = any(?::text[])`, [pgArray(rows.map((row) => String(row.id)))])
      .select('id', 'contact_id', 'whatsapp_id', scope.raw(`data->'origin'->>'campaignShipping' as origin`));
    return new Map(
      found.map((message) => [
        Number(message.origin),
        { messageId: message.id, contactId: message.contact_id, whatsappId: message.whatsapp_id },
      ]),
    );
  }

  /** The row's own connection, else the campaign's first one still there (a connection deleted meanwhile). */
  private connectionOf(row: ClaimedShipping, campaign: CampaignRow, connections: Map<number, ConnectionInfo>): ConnectionInfo | undefined {
    if (row.whatsappId && connections.has(row.whatsappId)) return connections.get(row.whatsappId);
    return connectionIdsOf(campaign)
      .map((id) => connections.get(id))
      .find(Boolean);
  }

  private async connections(
    scope: TenantScope,
    rows: ClaimedShipping[],
    campaigns: Map<number, CampaignRow>,
  ): Promise<Map<number, ConnectionInfo>> {
    const ids = new Set<number>([...campaigns.values()].flatMap((campaign) => connectionIdsOf(campaign)));
    for (const row of rows) if (row.whatsappId) ids.add(row.whatsappId);
    const found = await scope
      .table<Parameters<typeof toConnectionInfo>[0]>('connections')
      .whereIn('id', [...ids])
      .select('*');
    return new Map(found.map((row) => [row.id, toConnectionInfo(row, this.secrets)]));
  }

  /** Name, number and e-mail of each row's list item or tagged contact, for the placeholders. */
  private async recipients(scope: TenantScope, rows: ClaimedShipping[]): Promise<Map<number, Recipient>> {
    const itemIds = rows.map((row) => row.contactListItemId).filter((id): id is number => Boolean(id));
    const contactIds = rows.map((row) => row.contactId).filter((id): id is number => Boolean(id));
    type Person = { id: number; name: string; number: string; email: string };
    const [items, contacts] = await Promise.all([
      itemIds.length ? scope.table<Person>('contact_list_items').whereIn('id', itemIds).select('id', 'name', 'number', 'email') : [],
      contactIds.length ? scope.table<Person>('contacts').whereIn('id', contactIds).select('id', 'name', 'number', 'email') : [],
    ]);
    const byItem = new Map(items.map((item) => [item.id, item]));
    const byContact = new Map(contacts.map((contact) => [contact.id, contact]));
    const recipients = new Map<number, Recipient>();
    for (const row of rows) {
      const person = (row.contactListItemId && byItem.get(row.contactListItemId)) || (row.contactId && byContact.get(row.contactId));
      if (person) recipients.set(row.id, { name: person.name, number: row.number, email: person.email ?? '' });
    }
    return recipients;
  }

  /** Each recipient's contact on its connection's channel, created where missing: one statement per channel. */
  private async contacts(
    scope: TenantScope,
    rows: ClaimedShipping[],
    connections: Map<number, ConnectionInfo>,
    recipients: Map<number, Recipient>,
  ): Promise<Map<string, ContactRow>> {
    const byChannel = new Map<string, { connection: ConnectionInfo; people: Map<string, Recipient> }>();
    for (const row of rows) {
      const campaignConnection = row.whatsappId ? connections.get(row.whatsappId) : undefined;
      const connection = campaignConnection ?? [...connections.values()][0];
      if (!connection) continue;
      const group = byChannel.get(connection.channel) ?? { connection, people: new Map() };
      group.people.set(row.number, recipients.get(row.id) ?? { name: row.number, number: row.number, email: '' });
      byChannel.set(connection.channel, group);
    }
    const contacts = new Map<string, ContactRow>();
    for (const [channel, { connection, people }] of byChannel) {
      const upserted = (await scope
        .insertInto(
          'contacts',
          [...people.values()].map((person) => ({
            channel,
            number: person.number,
            name: person.name || person.number,
            email: person.email ?? '',
            whatsapp_id: connection.id,
          })),
        )
        .onConflict(['company_id', 'channel', 'number'])
        .merge({ updated_at: new Date() })
        .returning(['id', 'company_id', 'name', 'number', 'channel', 'is_group', 'disable_bot', 'active'])) as ContactRow[];
      for (const contact of upserted) contacts.set(`${channel}:${contact.number}`, contact);
    }
    return contacts;
  }

  /** Writes each row's outcome in one statement: its message (and the confirmation request), or its failure. */
  private async mark(scope: TenantScope, outcomes: Outcome[]): Promise<void> {
    const sent = outcomes.filter((outcome): outcome is Extract<Outcome, { messageId: number }> => 'messageId' in outcome);
    const failed = outcomes.filter((outcome): outcome is Extract<Outcome, { error: string }> => 'error' in outcome && outcome.final);
    const now = new Date();
    if (sent.length > 0) {
      await scope.raw(
        `update campaign_shippings s
            set message_id = v.message_id, message = coalesce(v.message, s.message), updated_at = ?,
                contact_id = coalesce(v.contact_id, s.contact_id), whatsapp_id = coalesce(v.whatsapp_id, s.whatsapp_id),
                confirmation_requested_at = case when s.confirmation then coalesce(s.confirmation_requested_at, ?::timestamptz) end
           from (select unnest(?::int[]) as id, unnest(?::int[]) as message_id, unnest(?::text[]) as message,
                        unnest(?::int[]) as contact_id, unnest(?::int[]) as whatsapp_id) v
          where s.id = v.id and s.company_id = ? and s.message_id is null`,
        [
          now,
          now,
          pgArray(sent.map((outcome) => outcome.id)),
          pgArray(sent.map((outcome) => outcome.messageId)),
          textArray(sent.map((outcome) => outcome.message)),
          textArray(sent.map((outcome) => (outcome.contactId ? String(outcome.contactId) : null))),
          textArray(sent.map((outcome) => (outcome.whatsappId ? String(outcome.whatsappId) : null))),
          scope.companyId,
        ],
      );
    }
    if (failed.length > 0) {
      await scope.raw(
        `update campaign_shippings s set last_error = v.error, updated_at = ?
           from (select unnest(?::int[]) as id, unnest(?::text[]) as error) v
          where s.id = v.id and s.company_id = ? and s.message_id is null`,
        [now, pgArray(failed.map((outcome) => outcome.id)), textArray(failed.map((outcome) => outcome.error)), scope.companyId],
      );
    }
  }
}
