// The on-call module's public face: what other modules may use of it (DESIGN §8.13).
export { onCallModule } from './on-call.module.js';
export { OnCallNotifier } from './on-call-notifier.js';
