// The quick-messages module's public face: what other modules may use of it (DESIGN §8.13).
export { quickMessagesModule } from './quick-messages.module.js';
