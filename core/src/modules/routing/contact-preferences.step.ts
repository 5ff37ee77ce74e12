import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { ticketRecord, type TicketRow } from '../conversations/index.js';
import { RoutedTickets } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';
import { customerText } from '../messages/index.js';

/** Statuses in which the ticket waits for the contact's answer to a question of ours (consent, rating). */
const AWAITING_ANSWER = ['lgpd', 'nps'];

/** A contact's message on imported history, or one we sent from the phone, is no routing matter. */
export function isContactsLiveMessage(ctx: InboundContext): boolean {
  return !ctx.event.history && !ctx.event.fromMe;
}

/** Whether routing may talk to this message's contact (contacts.disable_bot, set by ContactPreferencesStep). */
export function botMayAnswer(ctx: InboundContext): boolean {
  return ctx.state.botDisabled !== true && ctx.contact?.disableBot !== true;
}

/**
 * Runs between the contact (200) and ticket (300) steps. It tells later steps whether the contact turned the bot
 * off (`ctx.state.botDisabled`: no LGPD question, menu, rating request or inactivity message for them), and hands on
 * the ticket that waits for the contact's answer (status 'lgpd' or 'nps'), which the ticket step would otherwise
 * not see (those statuses are not active ones) and replace by a new ticket.
 */
@injectable()
export class ContactPreferencesStep implements ConversationHandler {
  readonly name = 'contactPreferences';
  readonly order = conversationSteps.contact + 50;

  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (ctx.event.history || !ctx.contact) return next();
    if (ctx.contact.disableBot) ctx.state.botDisabled = true;
    // A contact created for this message (ctx.state.newContact) has no ticket waiting.
    if (!ctx.state.activeTicket && !ctx.state.newContact && !ctx.event.fromMe) {
      const waiting = await this.tenancy
        .of(ctx.connection.companyId)
        .table<TicketRow>('tickets')
        .where({ contact_id: ctx.contact.id, whatsapp_id: ctx.connection.id })
        .whereIn('status', AWAITING_ANSWER)
        .orderBy('id', 'desc')
        .first('id', 'uuid', 'company_id', 'status', 'contact_id', 'whatsapp_id', 'queue_id', 'user_id', 'is_group');
      if (waiting) ctx.state.activeTicket = ticketRecord(waiting);
    }
    await next();
  }
}

/**
 * After the message is stored: an audio from a contact whose company (acceptAudioMessageContact) or own flag
 * (contacts.accept_audio_message) refuses audios gets the automatic answer; the audio stays stored and the chain
 * goes on. This notice follows only its own two settings, not disable_bot: it tells what the channel can take.
 */
@injectable()
export class AudioMessagesStep implements ConversationHandler {
  readonly name = 'audioMessages';
  readonly order = conversationSteps.message + 50;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (isContactsLiveMessage(ctx) && ctx.event.mediaType === 'audio' && ctx.contact && ctx.ticket && !ctx.ticket.isGroup) {
      const { company } = await this.settings.forMessage(ctx);
      const contact = await this.tenancy
        .of(ctx.connection.companyId)
        .table('contacts')
        .where('id', ctx.contact.id)
        .first('accept_audio_message');
      if (!company.acceptAudioMessageContact || contact?.accept_audio_message === false) {
        const body = customerText('audio.refused', { language: company.customerLanguage });
        await this.tickets.say({ companyId: ctx.connection.companyId, ticketId: ctx.ticket.id, body });
      }
    }
    await next();
  }
}
