import {
  inject,
  injectable,
  optional,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type PluginDescription,
} from '@switchboard/sdk';
import { WhatsappSession, WhatsappSessionOptions } from './whatsapp-session.js';

export const WHATSAPP_CHANNEL = 'whatsapp';

/** The WhatsApp channel on Baileys: connected by scanning a QR code (or a pairing code) from the phone. */
@injectable()
export class WhatsappChannel implements ChannelContribution {
  readonly channel = WHATSAPP_CHANNEL;
  readonly description: PluginDescription = {
    name: 'channels.whatsapp.name',
    icon: 'whatsapp',
    settings: [
      {
        key: 'pairingNumber',
        type: 'string',
        label: 'channels.whatsapp.settings.pairingNumber',
        help: 'channels.whatsapp.settings.pairingNumberHelp',
      },
      {
        key: 'callRejectionMessage',
        type: 'text',
        label: 'channels.whatsapp.settings.callRejectionMessage',
        help: 'channels.whatsapp.settings.callRejectionMessageHelp',
      },
    ],
    capabilities: { media: true, edit: true, delete: true, react: true, groups: true, presence: true, qrcode: true, externalApi: true },
    planFlag: 'useWhatsapp',
  };

  constructor(@inject(WhatsappSessionOptions) @optional() private readonly options: WhatsappSessionOptions = {}) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new WhatsappSession(ctx, this.options ?? {});
  }
}
