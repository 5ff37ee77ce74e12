import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { OutboundMessages } from '../messages/index.js';
import { FileListDelivery, FileListOutbound } from './file-list-delivery.js';
import { FileListService } from './file-lists.service.js';
import { FilesRoutes } from './files.routes.js';

export const filesModule = new ContainerModule((bind) => {
  bind(FileListService).toSelf();
  bind(FileListOutbound).toFactory(
    (context) => () =>
      context.container.isBound(OutboundMessages) ? context.container.get<OutboundMessages>(OutboundMessages) : undefined,
  );
  bind(FileListDelivery).toSelf();
  bind(RouteContribution).to(FilesRoutes);
});
