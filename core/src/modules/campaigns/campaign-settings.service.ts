import { inject, injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import { Tenancy } from '../../platform/tenancy.js';
import { DEFAULT_PACING, type CampaignPacing } from './campaign-pacing.js';
import type { CampaignSettingsInput } from './campaigns.schema.js';

/** A custom placeholder of campaign messages: {key} becomes value. */
export interface CampaignVariable {
  key: string;
  value: string;
}

export interface CampaignSettings extends CampaignPacing {
  variables: CampaignVariable[];
}

const KEYS = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
type SettingKey = (typeof KEYS)[number];

/**
 * The company's campaign settings (spec 3 §2.7, §3 "Campaign settings"): pacing and custom variables, stored as one
 * row per key whose value is JSON; a key never saved reads as its spec 3 §9 default.
 */
@injectable()
export class CampaignSettingsService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** GET /campaign-settings: the saved pairs, each value as JSON text (as the reference product answers them). */
  async pairs(options: { companyId: number }): Promise<{ id: number; key: string; value: string }[]> {
    const rows = await this.tenancy
      .of(options.companyId)
      .table<{ id: number; key: string; value: unknown }>('campaign_settings')
      .orderBy('id')
      .select('id', 'key', 'value');
    return rows.map((row) => ({ id: row.id, key: row.key, value: JSON.stringify(row.value) }));
  }

  /** POST /campaign-settings: saves the keys given, leaves the others. */
  async save(options: { companyId: number; input: CampaignSettingsInput }): Promise<{ id: number; key: string; value: string }[]> {
    const scope = this.tenancy.of(options.companyId);
    const given = KEYS.filter((key) => options.input[key] !== undefined);
    if (given.length > 0) {
      await scope
        .insertInto(
          'campaign_settings',
          given.map((key) => ({ key, value: JSON.stringify(options.input[key]) })),
        )
        .onConflict(['company_id', 'key'])
        .merge({ value: scope.raw('excluded.value'), updated_at: new Date() });
    }
    return this.pairs({ companyId: options.companyId });
  }

  /** The settings a campaign runs with. */
  async read(scope: TenantScope): Promise<CampaignSettings> {
    const rows = await scope.table<{ key: string; value: unknown }>('campaign_settings').select('key', 'value');
    const saved = new Map(rows.map((row) => [row.key as SettingKey, row.value]));
    const whole = (key: keyof CampaignPacing) => {
      const value = Number(saved.get(key));
      return saved.has(key) && Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_PACING[key];
    };
    const variables = saved.get('variables');
    return {
      messageInterval: whole('messageInterval'),
      longerIntervalAfter: whole('longerIntervalAfter'),
      greaterInterval: whole('greaterInterval'),
      variables: Array.isArray(variables)
        ? variables
            .filter((entry): entry is CampaignVariable => typeof entry?.key === 'string')
            .map(({ key, value }) => ({ key, value: String(value ?? '') }))
        : [],
    };
  }
}
