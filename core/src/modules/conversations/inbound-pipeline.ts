import { inject, injectable, ConversationHandler, type ConnectionInfo, type InboundContext, type InboundEvent } from '@switchboard/sdk';
import { Logger } from '../../platform/tokens.js';
import { ChannelEvents } from './channel-events.js';

export const ConversationHandlers = Symbol('ConversationHandlers');

/**
 * Where every inbound event enters core. Messages run through the ordered ConversationHandler chain (core's
 * dedupe, contact, ticket and message steps, then whatever routing steps modules and plugins add); acks, edits,
 * deletes, reactions, presence and calls are applied to what is stored.
 */
@injectable()
export class InboundPipeline {
  private readonly chain: ConversationHandler[];

  constructor(
    @inject(ConversationHandlers) handlers: ConversationHandler[],
    @inject(ChannelEvents) private readonly events: ChannelEvents,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.chain = [...handlers].sort((a, b) => a.order - b.order);
  }

  get steps(): readonly string[] {
    return this.chain.map((handler) => handler.name);
  }

  async receive(connection: ConnectionInfo, event: InboundEvent): Promise<void> {
    if (event.type !== 'message') return this.events.apply(connection, event);
    const context: InboundContext = { connection, event, state: {} };
    await this.run(context, 0);
    if (context.messageId !== undefined) {
      this.logger.debug(
        { connectionId: connection.id, ticketId: context.ticket?.id, messageId: context.messageId },
        'inbound message handled',
      );
    }
  }

  private async run(context: InboundContext, index: number): Promise<void> {
    const handler = this.chain[index];
    if (!handler) return;
    try {
      await handler.handle(context, () => this.run(context, index + 1));
    } catch (error) {
      this.logger.error({ err: error, step: handler.name, connectionId: context.connection.id }, 'inbound step failed');
      throw error;
    }
  }
}

export { ConversationHandler };
