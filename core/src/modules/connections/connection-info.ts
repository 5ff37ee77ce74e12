import type { ConnectionInfo } from '@switchboard/sdk';
import type { SecretKeys } from '../../platform/auth/app-secret.js';
import { revealSettings } from './connection-settings.js';

/** A connection row as plugins see it: token and secret settings decrypted, settings as an object. */
export function toConnectionInfo(
  row: {
    id: number;
    company_id: number;
    name: string;
    channel: string;
    token: string | null;
    public_id?: string | null;
    settings: unknown;
  },
  secrets: SecretKeys,
): ConnectionInfo {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    channel: row.channel,
    token: row.token ? secrets.decrypt(row.token) : undefined,
    publicId: row.public_id ?? undefined,
    settings: revealSettings(row.settings, secrets),
  };
}
