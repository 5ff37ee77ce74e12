import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';

/** A claimed shipping row: one recipient of one campaign, to be sent within its company. */
export interface ClaimedShipping {
  id: number;
  companyId: number;
  campaignId: number;
  contactListItemId: number | null;
  contactId: number | null;
  whatsappId: number | null;
  number: string;
  confirmation: boolean;
  attempts: number;
}

/** A campaign named with its company. */
export interface CampaignRef {
  companyId: number;
  campaignId: number;
}

/**
 * The campaign dispatcher's cross-company steps (a system path, DESIGN §4): which campaigns are due to start or are
 * done, claiming due shipping rows, and reading what the channels did with the stored messages. Each row is then
 * handled within its own company.
 */
@injectable()
export class DueCampaigns {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /** PROGRAMADA campaigns whose time has come. */
  async dueToLaunch(options: { now: Date; limit: number }): Promise<CampaignRef[]> {
    const rows = await this.system
      .knex('campaigns')
      .where('status', 'PROGRAMADA')
      .where('scheduled_at', '<=', options.now)
      .orderBy('scheduled_at')
      .limit(options.limit)
      .select('id', 'company_id');
    return rows.map((row) => ({ companyId: row.company_id, campaignId: row.id }));
  }

  /**
   * Atomically claims up to `limit` due rows of running campaigns: not yet stored, and never claimed or claimed before
   * `staleBefore` (a node that died mid-batch). Claiming counts an attempt and stamps updated_at; SKIP LOCKED keeps
   * concurrent sweeps (on any node) apart. Oldest due first.
   */
  async claim(options: { now: Date; staleBefore: Date; limit: number }): Promise<ClaimedShipping[]> {
    const result = (await this.system.knex.raw(
      `with due as materialized (
         select s.id from campaign_shippings s
          where s.delivered_at is null and s.last_error is null and s.message_id is null
            and s.send_at <= ?
            and (s.attempts = 0 or s.updated_at < ?)
            and exists (select 1 from campaigns c where c.id = s.campaign_id and c.status = 'EM_ANDAMENTO')
          order by s.send_at, s.id
          limit ?
          for update of s skip locked
       )
       update campaign_shippings s set attempts = s.attempts + 1, updated_at = ?
         from due where s.id = due.id
       returning s.id, s.company_id, s.campaign_id, s.contact_list_item_id, s.contact_id, s.whatsapp_id, s.number,
                 s.confirmation, s.attempts, s.send_at`,
      [options.now, options.staleBefore, options.limit, options.now],
    )) as { rows: Record<string, unknown>[] };
    return result.rows
      .sort((a, b) => +new Date(a.send_at as Date) - +new Date(b.send_at as Date) || Number(a.id) - Number(b.id))
      .map((row) => ({
        id: Number(row.id),
        companyId: Number(row.company_id),
        campaignId: Number(row.campaign_id),
        contactListItemId: (row.contact_list_item_id as number | null) ?? null,
        contactId: (row.contact_id as number | null) ?? null,
        whatsappId: (row.whatsapp_id as number | null) ?? null,
        number: String(row.number),
        confirmation: Boolean(row.confirmation),
        attempts: Number(row.attempts),
      }));
  }

  /** Embedded mode has one node: a claim found at start was left by this installation's previous run. */
  async releaseClaims(): Promise<void> {
    await this.system
      .knex('campaign_shippings')
      .whereNull('message_id')
      .whereNull('delivered_at')
      .whereNull('last_error')
      .where('attempts', '>', 0)
      .update({ updated_at: new Date(0) });
  }

  /**
   * Stored rows whose message the channel has taken (delivered_at) or refused for good (last_error, from the
   * message's sendError). Answers the campaigns that moved.
   */
  async settleInFlight(options: { now: Date }): Promise<CampaignRef[]> {
    const result = (await this.system.knex.raw(
      `with settled as (
         select s.id, m.external_id is not null as taken, m.data->>'sendError' as refusal
           from campaign_shippings s join messages m on m.id = s.message_id
          where s.message_id is not null and s.delivered_at is null and s.last_error is null
            and (m.external_id is not null or m.data->>'sendError' is not null)
       )
       update campaign_shippings s
          set delivered_at = case when settled.taken then ?::timestamptz end,
              last_error = case when settled.taken then null else settled.refusal end,
              updated_at = ?
         from settled where s.id = settled.id
       returning s.company_id, s.campaign_id`,
      [options.now, options.now],
    )) as { rows: { company_id: number; campaign_id: number }[] };
    return distinctCampaigns(result.rows);
  }

  /** Stored rows still waiting for the channel since before `staleBefore`: their delivery job may be lost. */
  async waitingLong(options: {
    staleBefore: Date;
    limit: number;
  }): Promise<{ companyId: number; messageId: number; whatsappId: number }[]> {
    const result = (await this.system.knex.raw(
      `update campaign_shippings s set updated_at = now()
         from messages m
        where m.id = s.message_id and s.message_id is not null and s.delivered_at is null and s.last_error is null
          and s.updated_at < ? and m.external_id is null and m.whatsapp_id is not null
          and s.id in (select id from campaign_shippings
                        where message_id is not null and delivered_at is null and last_error is null and updated_at < ?
                        limit ?)
       returning s.company_id, m.id as message_id, m.whatsapp_id`,
      [options.staleBefore, options.staleBefore, options.limit],
    )) as { rows: { company_id: number; message_id: number; whatsapp_id: number }[] };
    return result.rows.map((row) => ({ companyId: row.company_id, messageId: row.message_id, whatsappId: row.whatsapp_id }));
  }

  /** Running campaigns none of whose recipients is still to be served: FINALIZADA now. */
  async finish(options: { now: Date }): Promise<CampaignRef[]> {
    const rows = await this.system
      .knex('campaigns as c')
      .where('c.status', 'EM_ANDAMENTO')
      .whereNotExists((sub) =>
        sub
          .select(this.system.knex.raw('1'))
          .from('campaign_shippings as s')
          .whereRaw('s.campaign_id = c.id')
          .whereNull('s.delivered_at')
          .whereNull('s.last_error'),
      )
      .update({ status: 'FINALIZADA', completed_at: options.now, updated_at: options.now })
      .returning(['c.id', 'c.company_id']);
    return rows.map((row: { id: number; company_id: number }) => ({ companyId: row.company_id, campaignId: row.id }));
  }
}

function distinctCampaigns(rows: { company_id: number; campaign_id: number }[]): CampaignRef[] {
  const seen = new Map<number, CampaignRef>();
  for (const row of rows) seen.set(row.campaign_id, { companyId: row.company_id, campaignId: row.campaign_id });
  return [...seen.values()];
}
