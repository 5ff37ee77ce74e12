// The health module's public face: what other modules may use of it (DESIGN §8.13).
export { healthModule } from './health.module.js';
