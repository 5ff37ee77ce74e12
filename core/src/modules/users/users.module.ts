import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { CompanyAdmins } from '../companies/index.js';
import { CompanyAdminAccounts } from './company-admin-accounts.js';
import { UserDirectory } from './user-directory.js';
import { UserViews } from './user-view.js';
import { UsersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export const usersModule = new ContainerModule((bind) => {
  bind(UserDirectory).toSelf();
  bind(UserViews).toSelf();
  bind(CompanyAdmins).to(CompanyAdminAccounts);
  bind(UsersService).toSelf();
  bind(RouteContribution).to(UsersRoutes);
});
