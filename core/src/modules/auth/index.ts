// The auth module's public face: what other modules may use of it (DESIGN §8.13).
export { authModule } from './auth.module.js';
