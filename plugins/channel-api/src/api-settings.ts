import type { ConnectionInfo } from '@switchboard/sdk';

/** The settings of one API connection, as the admin entered them (decrypted by core). */
export interface ApiSettings {
  /** Where outbound messages are POSTed. */
  webhookUrl: string;
  /** HMAC-SHA256 key: signs outbound deliveries and verifies signed inbound requests. */
  webhookSecret: string;
  /** Inbound requests without a valid X-Switchboard-Signature are refused. */
  requireSignature: boolean;
}

export function apiSettings(connection: ConnectionInfo): ApiSettings {
  const settings = connection.settings ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    webhookUrl: text(settings.webhookUrl),
    webhookSecret: text(settings.webhookSecret),
    requireSignature: settings.requireSignature === true || settings.requireSignature === 'true',
  };
}

/** What is wrong with the settings for sending (a sentence for the connection's log), or undefined when they work. */
export function settingsProblem(settings: ApiSettings): string | undefined {
  if (!settings.webhookUrl) return 'the connection has no webhook URL; set one in its settings';
  let url: URL;
  try {
    url = new URL(settings.webhookUrl);
  } catch {
    return 'the webhook URL is not a valid address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the webhook URL must start with http:// or https://';
  if (!settings.webhookSecret) return 'the connection has no webhook secret; set one in its settings';
  return undefined;
}

/** The webhook's origin, for logs and errors: its path and query may carry the integrator's own credentials. */
export function webhookOrigin(settings: ApiSettings): string {
  try {
    return new URL(settings.webhookUrl).origin;
  } catch {
    return '(invalid URL)';
  }
}
