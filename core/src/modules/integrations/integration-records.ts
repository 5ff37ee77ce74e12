import { TenantModel } from '../../platform/database/model.js';

/** A company's queue integration (spec 3 §3): the spec's fields in columns, the plugin's other settings in `settings`. */
export class QueueIntegrationModel extends TenantModel {
  static override tableName = 'queue_integrations';

  type!: string;
  name!: string;
  projectName!: string | null;
  /** Sealed (SecretKeys) when set. */
  jsonContent!: string | null;
  language!: string | null;
  urlN8N!: string | null;
  typebotSlug!: string | null;
  typebotExpires!: number;
  typebotDelayMessage!: number;
  typebotKeywordFinish!: string | null;
  typebotKeywordRestart!: string | null;
  typebotUnknownMessage!: string | null;
  typebotRestartMessage!: string | null;
  settings!: Record<string, unknown>;
}

/** A company's AI prompt (spec 3 §3), answered by the 'openai' integration plugin. */
export class PromptModel extends TenantModel {
  static override tableName = 'prompts';

  name!: string;
  prompt!: string;
  voice!: string;
  /** Sealed when set. */
  voiceKey!: string | null;
  voiceRegion!: string | null;
  maxTokens!: number;
  temperature!: number;
  /** Sealed when set. */
  apiKey!: string | null;
  queueId!: number | null;
  maxMessages!: number;
  settings!: Record<string, unknown>;
}

/** The integration type that answers prompts. */
export const PROMPT_INTEGRATION_TYPE = 'openai';
