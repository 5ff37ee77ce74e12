import type { ConnectionInfo, PluginSettingField } from '@switchboard/sdk';

export const WHATSAPP_CLOUD_CHANNEL = 'whatsappapi';

const label = (key: string) => `channels.${WHATSAPP_CLOUD_CHANNEL}.settings.${key}`;

/**
 * The connection form. The phone number id is the channel's address: core keeps it on one connection of the
 * installation, and a webhook delivery names it in `metadata.phone_number_id`.
 */
export const CLOUD_SETTINGS: PluginSettingField[] = [
  { key: 'phoneNumberId', type: 'string', label: label('phoneNumberId'), help: label('phoneNumberIdHelp'), required: true, address: true },
  { key: 'businessAccountId', type: 'string', label: label('businessAccountId'), help: label('businessAccountIdHelp'), required: true },
  { key: 'accessToken', type: 'string', label: label('accessToken'), help: label('accessTokenHelp'), required: true, secret: true },
  { key: 'appSecret', type: 'string', label: label('appSecret'), help: label('appSecretHelp'), required: true, secret: true },
  { key: 'verifyToken', type: 'string', label: label('verifyToken'), help: label('verifyTokenHelp'), required: true, secret: true },
];

/** A whatsappapi connection's settings, already decrypted by core. */
export interface CloudSettings {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export function cloudSettings(connection: ConnectionInfo): CloudSettings {
  const read = (key: keyof CloudSettings) => {
    const value = connection.settings?.[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  };
  return {
    phoneNumberId: read('phoneNumberId'),
    businessAccountId: read('businessAccountId'),
    accessToken: read('accessToken'),
    appSecret: read('appSecret'),
    verifyToken: read('verifyToken'),
  };
}
