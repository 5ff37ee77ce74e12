import { BaseModel } from '../../platform/database/model.js';

/** How often a subscription is billed (a plan's and a company's recurrence), and its length in months. */
export const recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof recurrences)[number];
export const recurrenceMonths: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** A subscription plan: limits and feature flags. Platform-wide (managed by the super company). */
export class PlanModel extends BaseModel {
  static override tableName = 'plans';

  name!: string;
  users!: number;
  connections!: number;
  queues!: number;
  amount!: number;
  useWhatsapp!: boolean;
  useFacebook!: boolean;
  useInstagram!: boolean;
  useCampaigns!: boolean;
  useSchedules!: boolean;
  useInternalChat!: boolean;
  useExternalApi!: boolean;
  useKanban!: boolean;
  useOpenAi!: boolean;
  useIntegrations!: boolean;
  isPublic!: boolean;
  recurrence!: string;

  override $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.amount !== undefined && parsed.amount !== null) parsed.amount = Number(parsed.amount);
    return parsed;
  }

  override $formatJson(json: Record<string, unknown>) {
    const formatted = super.$formatJson(json);
    // The spec names the flag both useIntegration and useIntegrations; answer both.
    if ('useIntegrations' in formatted) formatted.useIntegration = formatted.useIntegrations;
    return formatted;
  }
}
