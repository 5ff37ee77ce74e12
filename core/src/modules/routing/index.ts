// The routing module's public face: what other modules may use of it (DESIGN §8.13).
export { routingModule } from './routing.module.js';
