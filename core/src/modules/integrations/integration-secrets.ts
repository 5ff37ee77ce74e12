import { inject, injectable, type PluginSettingField } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { MASKED_SECRET, maskSettings, revealSettings, sealSettings } from '../connections/index.js';

export { MASKED_SECRET };

/**
 * Secrets of integrations and prompts at rest (DESIGN §4): a secret column (jsonContent, apiKey, voiceKey) holds the
 * value sealed with the app's key, a plugin's secret setting is sealed inside `settings` as a connection's is. The
 * API answers them masked, and a masked value sent back keeps what is stored.
 */
@injectable()
export class IntegrationSecrets {
  constructor(@inject(SecretKeys) private readonly secrets: SecretKeys) {}

  /** The column's next value: sealed when a new value is sent, the stored one when it comes back masked or absent. */
  sealColumn(sent: string | null | undefined, stored: string | null): string | null {
    if (sent === undefined || sent === MASKED_SECRET) return stored;
    if (sent === null || sent.trim() === '') return null;
    return this.secrets.encrypt(sent);
  }

  /** The plain value, for the plugin only. A value stored before sealing existed is read as it is. */
  revealColumn(stored: string | null): string | null {
    if (!stored) return null;
    return stored.startsWith('v1:') ? this.secrets.decrypt(stored) : stored;
  }

  sealSettings(fields: PluginSettingField[], input: Record<string, unknown> | undefined, current: unknown): Record<string, unknown> {
    return sealSettings({ fields, input, current, secrets: this.secrets });
  }

  revealSettings(stored: unknown): Record<string, unknown> {
    return revealSettings(stored, this.secrets);
  }
}

/** A secret column as the API answers it. */
export function maskColumn(stored: string | null): string | null {
  return stored ? MASKED_SECRET : null;
}

export { maskSettings };
