// The announcements module's public face: what other modules may use of it (DESIGN §8.13).
export { announcementsModule } from './announcements.module.js';
