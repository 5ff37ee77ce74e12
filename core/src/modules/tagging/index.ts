// The tagging module's public face (DESIGN §8.13): it links tags to contacts and tickets; nothing else uses it.
export { taggingModule } from './tagging.module.js';
