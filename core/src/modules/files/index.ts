// The files module's public face: what other modules may use of it (DESIGN §8.13).
export { filesModule } from './files.module.js';
export { FileListDelivery } from './file-list-delivery.js';
