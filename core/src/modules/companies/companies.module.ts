import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { CompanyRoutes } from './companies.routes.js';
import { CompanyRegistry } from './company-registry.service.js';
import { CompanyService } from './company.service.js';
import { FirstStart } from './first-start.service.js';
import { SignupService } from './signup.service.js';

export const companiesModule = new ContainerModule((bind) => {
  bind(FirstStart).toSelf();
  bind(SignupService).toSelf();
  bind(CompanyService).toSelf();
  bind(CompanyRegistry).toSelf();
  bind(RouteContribution).to(CompanyRoutes);
});
