import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ContactSpreadsheetsService } from './contact-spreadsheets.service.js';
import { ContactsRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

// The import links tags through TagsService, which the tags module binds.
export const contactsModule = new ContainerModule((bind) => {
  bind(ContactsService).toSelf();
  bind(ContactSpreadsheetsService).toSelf();
  bind(RouteContribution).to(ContactsRoutes);
});
