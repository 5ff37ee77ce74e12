export {
  messageReceivedEvent,
  testEvent,
  type EventHistoryMessage,
  type IntegrationEvent,
  type MessageReceivedEvent,
  type TestEvent,
} from './integration-event.js';
export { readEventAnswer, readLaterEventAnswer, EventAnswerError, type EventAnswer } from './event-answer.js';
export {
  deliverEvent,
  EventDeliveryError,
  DELIVERY_HEADER,
  EVENT_HEADER,
  type DeliveredEvent,
  type DeliveryAttempt,
  type DeliveryRecord,
  type EventDelivery,
  type RetryPolicy,
} from './event-delivery.js';
export { answerWithEvent, testEventTarget, KEPT_DELIVERIES, type EventIntegrationState, type EventTarget } from './event-integration.js';
export { historyMessagesSetting, readEventUrl, readHistoryMessages, EventSettingsError } from './event-settings.js';
