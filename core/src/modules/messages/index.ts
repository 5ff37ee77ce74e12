// The messages module's public face: what other modules may use of it (DESIGN §8.13).
export { MessageDelivery } from './message-delivery.js';
export { messagesModule } from './messages.module.js';
export { OutboundMessageListener, OutboundMessages, type StoredFile, type StoredOutboundMessage } from './outbound-messages.js';
export { customerLanguageOf, customerText, type CustomerTextKey } from './customer-texts/customer-texts.js';
