import { inject, injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import { dueOffsetSeconds } from './campaign-pacing.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { connectionIdsOf, type CampaignRow } from './campaign-view.js';
import { pgArray } from '../../platform/database/pg-arrays.js';

/**
 * Turns a campaign's audience into its shipping rows, one per recipient: the truth the dispatcher claims from. Rows
 * are written with their due time (the company's pacing from the start) and their connection (taking turns over the
 * campaign's connections), in the same transaction as the status change, so a launch is whole or not at all.
 */
@injectable()
export class CampaignLauncher {
  constructor(@inject(CampaignSettingsService) private readonly settings: CampaignSettingsService) {}

  /** PROGRAMADA → EM_ANDAMENTO with its rows; does nothing to a campaign no longer PROGRAMADA. Answers whether it launched. */
  async launch(options: { scope: TenantScope; campaignId: number; start: Date }): Promise<boolean> {
    return options.scope.transaction(async (trx) => {
      const campaign = await trx
        .table<CampaignRow>('campaigns')
        .where({ id: options.campaignId, status: 'PROGRAMADA' })
        .forUpdate()
        .first();
      if (!campaign) return false;
      const pacing = await this.settings.read(trx);
      const connections = connectionIdsOf(campaign);
      const audience = this.audience(trx, campaign);
      // Numbers once each, in the list's order; row i is due at start + dueOffsetSeconds(i) on connection i mod n.
      await trx.raw(
        `insert into campaign_shippings (company_id, campaign_id, contact_list_item_id, contact_id, number, whatsapp_id, confirmation, send_at)
         select ?, ?, item_id, contact_id, number, (?::int[])[((rn - 1) % ?) + 1], ?,
                ?::timestamptz + make_interval(secs => ((rn - 1) * ?::int + floor((rn - 1) / greatest(?::int, 1)) * ?::int * (?::int > 0)::int)::float8)
           from (select *, row_number() over (order by position) as rn
                   from (select distinct on (number) * from (${audience.sql}) audience order by number, position) once) planned
         on conflict (campaign_id, number) do nothing`,
        [
          trx.companyId,
          campaign.id,
          pgArray(connections),
          Math.max(connections.length, 1),
          campaign.confirmation,
          options.start,
          pacing.messageInterval,
          pacing.longerIntervalAfter,
          Math.max(0, pacing.greaterInterval - pacing.messageInterval),
          pacing.longerIntervalAfter,
          ...audience.bindings,
        ],
      );
      await trx.table('campaigns').where('id', campaign.id).update({ status: 'EM_ANDAMENTO', updated_at: new Date() });
      return true;
    });
  }

  /** CANCELADA → EM_ANDAMENTO: the recipients not yet served are paced again from `start`, in their order. */
  async resume(options: { scope: TenantScope; campaign: CampaignRow; start: Date }): Promise<void> {
    const { scope, campaign } = options;
    const pacing = await this.settings.read(scope);
    const waiting = await scope
      .table('campaign_shippings')
      .where('campaign_id', campaign.id)
      .whereNull('message_id')
      .whereNull('delivered_at')
      .whereNull('last_error')
      .orderBy(['send_at', 'id'])
      .pluck('id');
    if (waiting.length > 0) {
      const dueAt = waiting.map((_id, index) => new Date(options.start.getTime() + dueOffsetSeconds(index, pacing) * 1000));
      await scope.raw(
        `update campaign_shippings s set send_at = due.at, updated_at = now()
           from (select unnest(?::int[]) as id, unnest(?::timestamptz[]) as at) due
          where s.id = due.id and s.company_id = ?`,
        [pgArray(waiting), pgArray(dueAt.map((at) => at.toISOString())), scope.companyId],
      );
    }
    await scope.table('campaigns').where('id', campaign.id).update({ status: 'EM_ANDAMENTO', completed_at: null, updated_at: new Date() });
  }

  /** How many recipients the audience has now (the report before launch). */
  async audienceSize(options: { scope: TenantScope; campaign: CampaignRow }): Promise<number> {
    const audience = this.audience(options.scope, options.campaign);
    const result = (await options.scope.raw(
      `select count(distinct number)::int as n from (${audience.sql}) audience`,
      audience.bindings,
    )) as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  }

  /**
   * The recipients as (item_id, contact_id, number, position): the list's WhatsApp-valid items (digits only), or the
   * contacts carrying the tag.
   */
  private audience(scope: TenantScope, campaign: CampaignRow): { sql: string; bindings: (number | string)[] } {
    if (campaign.contact_list_id) {
      return {
        sql: `select id as item_id, null::int as contact_id, regexp_replace(number, '\\D', '', 'g') as number, id as position
                from contact_list_items
               where company_id = ? and contact_list_id = ? and is_whatsapp_valid and regexp_replace(number, '\\D', '', 'g') <> ''`,
        bindings: [scope.companyId, campaign.contact_list_id],
      };
    }
    if (campaign.tag_list_id) {
      return {
        sql: `select null::int as item_id, c.id as contact_id, c.number, c.id as position
                from contacts c join contact_tags ct on ct.contact_id = c.id and ct.company_id = c.company_id
               where c.company_id = ? and ct.tag_id = ? and not c.is_group`,
        bindings: [scope.companyId, campaign.tag_list_id],
      };
    }
    return { sql: 'select null::int as item_id, null::int as contact_id, null::text as number, 0 as position where false', bindings: [] };
  }
}
