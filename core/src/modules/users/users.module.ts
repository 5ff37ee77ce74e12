import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { UserDirectory } from './user-directory.js';
import { UsersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

// UserViews is bound by the auth module (sign-in answers the session user); it is used here, not bound again.
export const usersModule = new ContainerModule((bind) => {
  bind(UserDirectory).toSelf();
  bind(UsersService).toSelf();
  bind(RouteContribution).to(UsersRoutes);
});
