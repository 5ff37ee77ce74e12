// The users module's public face: what other modules may use of it (DESIGN §8.13).
export { UserViews } from './user-view.js';
export { UserModel } from './user.model.js';
export { usersModule } from './users.module.js';
export { PasswordChanges } from './password-changes.js';
export { isWithinWorkingHours } from './working-hours.js';
