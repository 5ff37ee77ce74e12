// The reports module's public face: what other modules may use of it (DESIGN §8.13).
export { reportsModule } from './reports.module.js';
