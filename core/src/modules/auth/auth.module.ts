import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { LiveSessions } from '../../platform/channels/live-sessions.js';
import { PasswordChanges } from '../users/index.js';
import { AuthRoutes } from './auth.routes.js';
import { AuthSessions } from './auth-sessions.js';
import { AuthService } from './auth.service.js';
import { RecoveryService } from './recovery.service.js';

export const authModule = new ContainerModule((bind) => {
  bind(LiveSessions).toSelf();
  bind(AuthService).toSelf();
  bind(AuthSessions).toSelf();
  bind(PasswordChanges).toService(AuthSessions);
  bind(RecoveryService).toSelf();
  bind(RouteContribution).to(AuthRoutes);
});
