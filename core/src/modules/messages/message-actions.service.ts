import { randomUUID } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { TicketEvents } from '../realtime/index.js';
import { Tenancy } from '../../platform/tenancy.js';
import { toConnectionInfo } from '../connections/index.js';
import { contactRecord, ConversationRecords, type ContactRow } from '../conversations/index.js';
import { TicketSearch } from '../tickets/index.js';
import type { TicketModel } from '../tickets/index.js';
import { MessageModel } from './message.model.js';
import { MessageDelivery, mergeMark, type ActionMark, type ActionRoute, type ChannelActionKind } from './message-delivery.js';
import { OutboundMessages } from './outbound-messages.js';
import { TicketMessageTemplate } from './ticket-message-template.js';

/** Spec 1 §5: an agent may edit an own message for 15 minutes. */
export const EDIT_WINDOW_MS = 900_000;
export const MESSAGE_NOT_FOUND = 'ERR_NO_MESSAGE_FOUND';

/** Media types that are events about other messages, not messages an agent edits or forwards. */
const NOT_CONTENT = new Set(['reactionMessage', 'call_log']);

/**
 * What an agent does to messages already in a conversation (spec 1 §2 message options menu): edit and delete own
 * messages, forward one to another contact, react. Every action first finds the message in the caller's company
 * and checks that the caller may see its ticket (else 404). Changes reach the channel through the connection's
 * live session: at once when it lives on this node (so a refusal answers the request and nothing changes), else
 * through the connection's delivery queue on the node that owns it.
 */
@injectable()
export class MessageActions {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketSearch) private readonly tickets: TicketSearch,
    @inject(MessageDelivery) private readonly delivery: MessageDelivery,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(TicketMessageTemplate) private readonly template: TicketMessageTemplate,
  ) {}

  /** POST /messages/edit/:id: own message, within 15 minutes of its creation. */
  async edit(options: { auth: AuthContext; messageId: number; body: string }): Promise<MessageModel> {
    const { auth } = options;
    const { scope, message, ticket } = await this.ownMessage(auth, options.messageId);
    if (message.isDeleted) throw new AppError('ERR_MESSAGE_DELETED', 400, { message: 'A deleted message cannot be edited' });
    if (NOT_CONTENT.has(message.mediaType ?? '')) throw new AppError('ERR_VALIDATION', 400, { message: 'This message cannot be edited' });
    if (Date.now() - new Date(message.createdAt).getTime() > EDIT_WINDOW_MS) {
      throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 400, { message: 'Messages can only be edited within 15 minutes' });
    }
    // The edited text gets its placeholders filled like the first one did.
    const body = await this.template.fill({ ticket, userId: auth.userId, body: options.body });
    const key = actionKey();
    // A private note changes only here. A message whose send is queued or under way is edited behind it on its
    // connection's queue: a send that reads the new body marks the edit applied, one that went out before sends it.
    const route = await this.channelRoute(scope, message, 'edit');
    if (route?.mode === 'direct') {
      await this.delivery.editNow(route.live, {
        externalId: message.externalId!,
        body,
        to: await this.delivery.recipientOf(scope.companyId, ticket.id),
      });
    }
    const now = new Date();
    const updated = await this.update(scope, message.id, 'edit', route, key, {
      body,
      is_edited: true,
      edited_at: now,
    });
    if (route?.mode === 'queue')
      await this.delivery.enqueueAction(
        { companyId: scope.companyId, id: message.id, whatsappId: message.whatsappId! },
        { kind: 'edit', key },
      );
    await this.events.messageOfTicket(updated.companyId, updated.ticketId, { action: 'update', message: updated.toJSON() });
    return updated;
  }

  /** DELETE /messages/:id: own message; deleted on the channel too when it was sent. */
  async remove(options: { auth: AuthContext; messageId: number }): Promise<MessageModel> {
    const { auth } = options;
    const { scope, message, ticket } = await this.ownMessage(auth, options.messageId);
    if (message.isDeleted) return message;
    const key = 'remove';
    const route = await this.channelRoute(scope, message, 'remove');
    if (route?.mode === 'direct') {
      await this.delivery.removeNow(route.live, {
        externalId: message.externalId!,
        to: await this.delivery.recipientOf(scope.companyId, ticket.id),
      });
    }
    const updated = await this.update(scope, message.id, 'remove', route, key, { is_deleted: true });
    if (route?.mode === 'queue')
      await this.delivery.enqueueAction(
        { companyId: scope.companyId, id: message.id, whatsappId: message.whatsappId! },
        { kind: 'remove', key },
      );
    await this.events.messageOfTicket(updated.companyId, updated.ticketId, { action: 'update', message: updated.toJSON() });
    return updated;
  }

  /**
   * POST /message/forward: sends a copy of one message (its text, or its file with the caption) to a contact of
   * the company, in that contact's ticket on the source ticket's connection (found or created), marked forwarded.
   */
  async forward(options: { auth: AuthContext; messageId: number; contactId: number; signMessage: boolean }): Promise<MessageModel> {
    const { auth } = options;
    const scope = this.tenancy.of(auth.companyId);
    const { message: source, ticket: sourceTicket } = await this.visibleMessage(auth, options.messageId);
    if (source.isDeleted) throw new AppError('ERR_MESSAGE_DELETED', 400, { message: 'A deleted message cannot be forwarded' });
    if (NOT_CONTENT.has(source.mediaType ?? '')) throw new AppError('ERR_VALIDATION', 400, { message: 'This message cannot be forwarded' });
    const contact = await scope.table<ContactRow>('contacts').where('id', options.contactId).first();
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    const connections = scope.table<Parameters<typeof toConnectionInfo>[0]>('connections');
    const connection = sourceTicket.whatsappId
      ? await connections.where('id', sourceTicket.whatsappId).first()
      : await connections.orderBy([{ column: 'is_default', order: 'desc' }, 'id']).first();
    if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400, { message: 'The company has no connection to forward through' });
    const settled = await this.records.settleTicket(toConnectionInfo(connection, this.secrets), contactRecord(contact), {
      status: 'open',
      userId: auth.userId,
      queueId: sourceTicket.queueId ?? undefined,
    });
    if (!settled) throw new AppError('ERR_CREATING_TICKET', 400, { message: 'This connection does not take group conversations' });
    if (settled.created) this.events.ticketChanged(settled.ticket, { action: 'update', ticket: { ...settled.ticket, contact } });
    const fileName = typeof source.data?.fileName === 'string' ? source.data.fileName : source.mediaUrl?.split('/').pop();
    const mimeType = typeof source.data?.mimeType === 'string' ? source.data.mimeType : 'application/octet-stream';
    return this.outbound.send({
      companyId: auth.companyId,
      ticketId: settled.ticket.id,
      userId: auth.userId,
      body: source.body,
      vCard: source.vCard ?? undefined,
      signed: options.signMessage,
      isForwarded: true,
      storedMedia: source.mediaUrl
        ? { path: source.mediaUrl, fileName: fileName ?? 'file', mimeType, mediaType: source.mediaType ?? 'application' }
        : undefined,
    });
  }

  /**
   * POST /react/messages: the agent's reaction to a message ('' removes it). The connection's account has one
   * reaction per message, kept as one reactionMessage row (body the emoji, quotedMsgId the target).
   */
  async react(options: { auth: AuthContext; messageId: number; emoji: string; ticketId?: number }): Promise<MessageModel | undefined> {
    const { auth, emoji } = options;
    const scope = this.tenancy.of(auth.companyId);
    const { message: target, ticket } = await this.visibleMessage(auth, options.messageId);
    if (options.ticketId !== undefined && options.ticketId !== target.ticketId) throw AppError.notFound(MESSAGE_NOT_FOUND);
    if (target.isDeleted) throw new AppError('ERR_MESSAGE_DELETED', 400, { message: 'A deleted message cannot get a reaction' });
    if (NOT_CONTENT.has(target.mediaType ?? ''))
      throw new AppError('ERR_VALIDATION', 400, { message: 'This message cannot get a reaction' });
    const existing = await scope
      .query(MessageModel)
      .where({ quoted_msg_id: target.id, media_type: 'reactionMessage', from_me: true })
      .orderBy('id', 'desc')
      .first();
    if (emoji === '' && (!existing || existing.isDeleted)) return undefined;

    const key = actionKey();
    const route = this.onChannel(target) ? await this.routeOf(scope, target, 'react') : undefined;
    let externalId: string | undefined;
    if (route?.mode === 'direct') {
      externalId = await this.delivery.reactNow(route.live, {
        targetExternalId: target.externalId!,
        emoji,
        to: await this.delivery.recipientOf(scope.companyId, ticket.id),
      });
    }
    const columns: Record<string, unknown> = {
      body: emoji || existing?.body || '',
      is_deleted: emoji === '',
      user_id: auth.userId,
      ...(externalId && emoji ? { external_id: externalId } : {}),
    };
    let reaction: MessageModel;
    let action: 'create' | 'update' = 'update';
    if (existing) {
      reaction = await this.update(scope, existing.id, 'react', route, key, columns).catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        // The channel's echo of this reaction is stored under that id already.
        return this.update(scope, existing.id, 'react', route, key, { ...columns, external_id: undefined });
      });
    } else {
      const insert = (withId: boolean) =>
        scope
          .insertInto('messages', {
            ticket_id: target.ticketId,
            contact_id: ticket.contactId,
            whatsapp_id: target.whatsappId,
            queue_id: ticket.queueId,
            user_id: auth.userId,
            external_id: withId ? (externalId ?? null) : null,
            body: emoji,
            from_me: true,
            read: true,
            ack: externalId ? 1 : 0,
            media_type: 'reactionMessage',
            quoted_msg_id: target.id,
            data: route ? { channelReact: markFor(route, key) } : null,
          })
          .returning('id');
      const [row] = await insert(true).catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        return insert(false);
      });
      reaction = await scope
        .query(MessageModel)
        .findById((row as { id: number }).id)
        .throwIfNotFound();
      action = 'create';
    }
    if (route?.mode === 'queue')
      await this.delivery.enqueueAction(
        { companyId: scope.companyId, id: reaction.id, whatsappId: target.whatsappId! },
        { kind: 'react', key },
      );
    await this.events.messageOfTicket(reaction.companyId, reaction.ticketId, { action, message: reaction.toJSON() });
    return reaction;
  }

  /** The message in the caller's company, on a ticket the caller may see; else 404. */
  private async visibleMessage(auth: AuthContext, messageId: number): Promise<{ message: MessageModel; ticket: TicketModel }> {
    const message = await this.tenancy.of(auth.companyId).query(MessageModel).findById(messageId);
    if (!message) throw AppError.notFound(MESSAGE_NOT_FOUND);
    const ticket = await this.tickets.visibleTicket(auth, message.ticketId);
    return { message, ticket };
  }

  /** A visible message the caller wrote; someone else's answers 403 ERR_NO_PERMISSION. */
  private async ownMessage(
    auth: AuthContext,
    messageId: number,
  ): Promise<{ scope: TenantScope; message: MessageModel; ticket: TicketModel }> {
    const { message, ticket } = await this.visibleMessage(auth, messageId);
    if (!message.fromMe || message.userId !== auth.userId) {
      throw AppError.forbidden('ERR_NO_PERMISSION');
    }
    return { scope: this.tenancy.of(auth.companyId), message, ticket };
  }

  /** The message went out on a connection, so the change must reach the channel too. */
  private onChannel(message: MessageModel): boolean {
    return !message.isPrivate && Boolean(message.externalId) && Boolean(message.whatsappId);
  }

  /**
   * How an edit or removal reaches the channel: as routeOf for a sent message; behind its send on the connection's
   * queue while the send is pending or under way (the session may be handing over the old text this very moment);
   * not at all for a private note, a send that failed, or a channel without the action (the change stays here).
   */
  private async channelRoute(scope: TenantScope, message: MessageModel, kind: 'edit' | 'remove'): Promise<ActionRoute | undefined> {
    if (this.onChannel(message)) return this.routeOf(scope, message, kind);
    const sending = !message.isPrivate && Boolean(message.whatsappId) && !(message.data as { sendError?: string } | null)?.sendError;
    if (!sending) return undefined;
    try {
      return (await this.routeOf(scope, message, kind)) ? { mode: 'queue' } : undefined;
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_CHANNEL_UNSUPPORTED') return undefined;
      throw error;
    }
  }

  private async routeOf(scope: TenantScope, message: MessageModel, kind: ChannelActionKind): Promise<ActionRoute | undefined> {
    const connection = await scope
      .table<{ id: number; channel: string }>('connections')
      .where('id', message.whatsappId!)
      .first('id', 'channel');
    // The connection is gone: nothing to tell, the change is local.
    if (!connection) return undefined;
    return this.delivery.route(connection, kind);
  }

  /** Writes the change (and the channel action's mark when there is one) and answers the stored message. */
  private async update(
    scope: TenantScope,
    messageId: number,
    kind: ChannelActionKind,
    route: ActionRoute | undefined,
    key: string,
    columns: Record<string, unknown>,
  ): Promise<MessageModel> {
    const defined = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
    await scope
      .table('messages')
      .where('id', messageId)
      .update({ ...defined, updated_at: new Date(), ...(route ? { data: mergeMark(scope.connection, kind, markFor(route, key)) } : {}) });
    return scope.query(MessageModel).findById(messageId).throwIfNotFound();
  }
}

function actionKey(): string {
  return `${Date.now()}-${randomUUID().slice(0, 8)}`;
}

/** A direct action is applied as it is recorded; a queued one is wanted until its job applies it. */
function markFor(route: ActionRoute, key: string): ActionMark {
  return route.mode === 'direct' ? { wanted: key, applied: key } : { wanted: key };
}
