// The helps module's public face: what other modules may use of it (DESIGN §8.13).
export { helpsModule } from './helps.module.js';
