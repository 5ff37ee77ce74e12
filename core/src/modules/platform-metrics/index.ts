// The platform metrics module's public face: what other modules may use of it (DESIGN §8.13).
export { platformMetricsModule } from './platform-metrics.module.js';
