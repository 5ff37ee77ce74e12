// The media module's public face: what other modules may use of it (DESIGN §8.13).
export { mediaModule } from './media.module.js';
export { MediaLinks } from './media-links.js';
