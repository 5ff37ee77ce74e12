// The queues module's public face: what other modules may use of it (DESIGN §8.13).
export { queuesModule } from './queues.module.js';
export { isWithinServiceHours, type ServiceHoursEntry } from './service-hours.js';
