import { ContainerModule } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ContactListEvents } from './contact-list-events.js';
import { ContactListImport } from './contact-list-import.service.js';
import { ContactListItemService } from './contact-list-item.service.js';
import { ContactListService } from './contact-list.service.js';
import { ContactListsRoutes } from './contact-lists.routes.js';
import { WhatsappNumberChecks } from './whatsapp-number-checks.js';

export const contactListsModule = new ContainerModule((bind) => {
  bind(ContactListEvents).toSelf();
  bind(ContactListService).toSelf();
  bind(ContactListItemService).toSelf();
  bind(ContactListImport).toSelf();
  bind(WhatsappNumberChecks).toSelf();
  bind(BackgroundWorker).toService(WhatsappNumberChecks);
  bind(RouteContribution).to(ContactListsRoutes);
});
