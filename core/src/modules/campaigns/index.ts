// The campaigns module's public face: what other modules may use of it (DESIGN §8.13).
export { campaignsModule } from './campaigns.module.js';
export { CampaignDispatcher } from './campaign-dispatcher.js';
