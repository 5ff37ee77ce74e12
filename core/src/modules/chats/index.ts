// The chats module's public face: what other modules may use of it (DESIGN §8.13).
export { chatsModule } from './chats.module.js';
export { ChatMembership } from './chat-membership.js';
