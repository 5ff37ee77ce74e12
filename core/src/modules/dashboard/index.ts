// The dashboard module's public face: what other modules may use of it (DESIGN §8.13).
export { dashboardModule } from './dashboard.module.js';
