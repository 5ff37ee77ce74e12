// The schedules module's public face: what other modules may use of it (DESIGN §8.13).
export { schedulesModule } from './schedules.module.js';
