// The integrations module's public face: what other modules may use of it (DESIGN §8.13).
export { integrationsModule } from './integrations.module.js';
