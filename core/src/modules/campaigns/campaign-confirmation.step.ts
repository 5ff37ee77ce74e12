import { conversationSteps, inject, injectable, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { isUniqueViolation } from '../../platform/database/errors.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import type { OutboundMessages } from '../messages/index.js';
import { chosenText, fillCampaignMessage } from './campaign-message.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import type { CampaignService } from './campaign.service.js';
import { messageTexts, type CampaignRow } from './campaign-view.js';
import { confirmationOrigin } from './campaign-shipper.js';

/**
 * What the step sends with, resolved on first use: the inbound chain is built while plugins load, before the
 * delivery side (the plugin registry) exists.
 */
export const ConfirmationSenders = Symbol('ConfirmationSenders');
export type ConfirmationSenders = () => { outbound: OutboundMessages; campaigns: CampaignService };

interface AwaitingRow {
  id: number;
  campaign_id: number;
  contact_list_item_id: number | null;
  number: string;
}

/**
 * A contact's answer to a campaign's confirmation request (spec 3 §3, "confirmation"): once the message is stored,
 * the contact's latest unanswered request on this connection gets the campaign's chosen confirmation message and
 * counts as confirmed. The answer was for the campaign, so the greeting, bots and assignment steps do not run on it.
 */
@injectable()
export class CampaignConfirmationStep implements ConversationHandler {
  readonly name = 'campaignConfirmation';
  // After the message is stored, before LGPD, rating and the bots.
  readonly order = conversationSteps.message + 40;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ConfirmationSenders) private readonly senders: ConfirmationSenders,
    @inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (!ctx.contact || !ctx.ticket || ctx.event.fromMe || ctx.contact.isGroup) return next();
    // A request is a message of ours, and the contact's first message after it answers it: when the contact wrote
    // last on this ticket, no request of this conversation is still waiting.
    if (ctx.ticket.lastMessageFromMe === false) return next();
    const scope = this.tenancy.of(ctx.connection.companyId);
    const awaiting = await scope
      .table<AwaitingRow>('campaign_shippings')
      .where('contact_id', ctx.contact.id)
      .where('whatsapp_id', ctx.connection.id)
      .whereNotNull('confirmation_requested_at')
      .whereNull('confirmed_at')
      .orderBy('id', 'desc')
      .first('id', 'campaign_id', 'contact_list_item_id', 'number');
    if (!awaiting) return next();
    const campaign = await scope.table<CampaignRow>('campaigns').where('id', awaiting.campaign_id).first();
    const template = campaign ? chosenText(messageTexts(campaign, 'confirmation_message'), awaiting.id) : undefined;
    if (!campaign || !template) return next();
    const item = awaiting.contact_list_item_id
      ? await scope
          .table<{ name: string; email: string }>('contact_list_items')
          .where('id', awaiting.contact_list_item_id)
          .first('name', 'email')
      : undefined;
    const { variables } = await this.settings.read(scope);
    const body = fillCampaignMessage(
      template,
      { name: item?.name ?? ctx.contact.name, number: awaiting.number, email: item?.email ?? '' },
      variables,
    );
    const { outbound, campaigns } = this.senders();
    try {
      await outbound.send({
        companyId: scope.companyId,
        ticketId: ctx.ticket.id,
        userId: null,
        body,
        origin: confirmationOrigin(awaiting.id),
      });
    } catch (error) {
      // Sent already for this request (another answer got here first): only the mark below is left to do.
      if (!isUniqueViolation(error)) throw error;
    }
    await scope
      .table('campaign_shippings')
      .where('id', awaiting.id)
      .whereNull('confirmed_at')
      .update({ confirmed_at: new Date(), confirmation_message: body, updated_at: new Date() });
    await campaigns
      .announce(scope.companyId, campaign.id)
      .catch((error) => this.logger.warn({ err: error }, 'campaign confirmation not announced'));
  }
}
