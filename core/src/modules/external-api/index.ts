// The external-api module's public face: what other modules may use of it (DESIGN §8.13).
export { externalApiModule } from './external-api.module.js';
