/**
 * What the server and the web app agree on (DESIGN §5): the records they exchange, the socket events with their
 * payloads, and the form rules both apply. No server dependencies: the web bundles this entry point.
 */
export type { Profile, ChannelName, MediaType, Ack } from '../domain.js';
export * from './views.js';
export * from './events.js';
export * from './schemas.js';
export * from './languages.js';
export * from './wall-clock.js';
export * from './dashboard.js';
export * from './billing.js';
export * from './ratings.js';
export * from './reports.js';
export * from './platform-metrics.js';
export * from './plans.js';
