import { ContainerModule, ConversationHandler } from '@switchboard/sdk';
import { ChannelEvents } from './channel-events.js';
import { ConversationRecords } from './conversation-records.js';
import { ContactStep, DedupeStep, MessageStep, TicketStep } from './core-steps.js';
import { ConversationHandlers, InboundPipeline } from './inbound-pipeline.js';

export const conversationsModule = new ContainerModule((bind) => {
  for (const step of [DedupeStep, ContactStep, TicketStep, MessageStep]) bind(ConversationHandler).to(step);
  // Collected once: core's steps plus any a module or plugin binds.
  bind(ConversationHandlers).toDynamicValue((context) => context.container.getAll(ConversationHandler));
  bind(ChannelEvents).toSelf();
  bind(ConversationRecords).toSelf();
  bind(InboundPipeline).toSelf();
});
