import { ContainerModule, ConversationHandler } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { OutboundMessages } from '../messages/index.js';
import { CampaignConfirmationStep, ConfirmationSenders } from './campaign-confirmation.step.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignLauncher } from './campaign-launcher.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignShipper } from './campaign-shipper.js';
import { CampaignService } from './campaign.service.js';
import { CampaignsRoutes } from './campaigns.routes.js';
import { DueCampaigns } from './due-campaigns.js';

export const campaignsModule = new ContainerModule((bind) => {
  for (const service of [CampaignService, CampaignSettingsService, CampaignEvents, CampaignLauncher, CampaignShipper, DueCampaigns]) {
    bind(service).toSelf();
  }
  bind(CampaignDispatcher).toSelf();
  bind(BackgroundWorker).toService(CampaignDispatcher);
  bind(ConversationHandler).to(CampaignConfirmationStep);
  bind(ConfirmationSenders).toFactory((context) => () => ({
    outbound: context.container.get<OutboundMessages>(OutboundMessages),
    campaigns: context.container.get(CampaignService),
  }));
  bind(RouteContribution).to(CampaignsRoutes);
});
