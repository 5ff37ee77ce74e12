// The connections module's public face: what other modules may use of it (DESIGN §8.13).
export { toConnectionInfo } from './connection-info.js';
export { MASKED_SECRET, maskSettings, revealSettings, sealSettings } from './connection-settings.js';
export { ConnectionResolver } from './connection-resolver.js';
export { ConnectionModel, type ServiceHours } from './connection.model.js';
export { connectionsModule } from './connections.module.js';
export { SessionManager } from './session-manager.js';
export { SessionWork } from './session-work.js';
