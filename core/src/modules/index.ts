import type { ContainerModule } from '@switchboard/sdk';
import { authModule } from './auth/index.js';
import { companiesModule } from './companies/index.js';
import { externalApiModule } from './external-api/index.js';
import { contactsModule } from './contacts/index.js';
import { contactListsModule } from './contact-lists/index.js';
import { connectionsModule } from './connections/index.js';
import { conversationsModule } from './conversations/index.js';
import { messagesModule } from './messages/index.js';
import { healthModule } from './health/index.js';
import { mediaModule } from './media/index.js';
import { realtimeModule } from './realtime/index.js';
import { helpsModule } from './helps/index.js';
import { announcementsModule } from './announcements/index.js';
import { plansModule } from './plans/index.js';
import { settingsModule } from './settings/index.js';
import { tagsModule } from './tags/index.js';
import { usersModule } from './users/index.js';
import { quickMessagesModule } from './quick-messages/index.js';
import { schedulesModule } from './schedules/index.js';
import { ticketNotesModule } from './ticket-notes/index.js';
import { ticketsModule } from './tickets/index.js';
import { dashboardModule } from './dashboard/index.js';
import { reportsModule } from './reports/index.js';
import { queuesModule } from './queues/index.js';
import { chatbotModule } from './chatbot/index.js';
import { routingModule } from './routing/index.js';
import { taggingModule } from './tagging/index.js';
import { integrationsModule } from './integrations/index.js';
import { filesModule } from './files/index.js';
import { campaignsModule } from './campaigns/index.js';
import { onCallModule } from './on-call/index.js';
import { chatsModule } from './chats/index.js';
import { platformMetricsModule } from './platform-metrics/index.js';
import { billingModule } from './billing/index.js';

/** Every core domain module, each one ContainerModule (DESIGN §8.3). */
export const coreModules: ContainerModule[] = [
  healthModule,
  authModule,
  companiesModule,
  usersModule,
  plansModule,
  helpsModule,
  announcementsModule,
  settingsModule,
  conversationsModule,
  routingModule,
  messagesModule,
  connectionsModule,
  quickMessagesModule,
  ticketNotesModule,
  schedulesModule,
  ticketsModule,
  dashboardModule,
  reportsModule,
  contactsModule,
  contactListsModule,
  tagsModule,
  taggingModule,
  externalApiModule,
  realtimeModule,
  mediaModule,
  queuesModule,
  chatbotModule,
  integrationsModule,
  filesModule,
  campaignsModule,
  onCallModule,
  chatsModule,
  platformMetricsModule,
  billingModule,
];
