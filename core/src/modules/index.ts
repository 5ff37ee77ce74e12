import type { ContainerModule } from '@switchboard/sdk';
import { authModule } from './auth/auth.module.js';
import { companiesModule } from './companies/companies.module.js';
import { externalApiModule } from './external-api/external-api.module.js';
import { contactsModule } from './contacts/contacts.module.js';
import { connectionsModule } from './connections/connections.module.js';
import { conversationsModule } from './conversations/conversations.module.js';
import { messagesModule } from './messages/messages.module.js';
import { healthModule } from './health/health.module.js';
import { mediaModule } from './media/media.module.js';
import { realtimeModule } from './realtime/realtime.module.js';
import { helpsModule } from './helps/helps.module.js';
import { plansModule } from './plans/plans.module.js';
import { settingsModule } from './settings/settings.module.js';
import { tagsModule } from './tags/tags.module.js';
import { usersModule } from './users/users.module.js';
import { quickMessagesModule } from './quick-messages/quick-messages.module.js';
import { schedulesModule } from './schedules/schedules.module.js';
import { ticketNotesModule } from './ticket-notes/ticket-notes.module.js';
import { ticketsModule } from './tickets/tickets.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { queuesModule } from './queues/queues.module.js';
import { chatbotModule } from './chatbot/chatbot.module.js';
import { routingModule } from './routing/routing.module.js';

/** Every core domain module, each one ContainerModule (DESIGN §8.3). */
export const coreModules: ContainerModule[] = [
  healthModule,
  authModule,
  companiesModule,
  usersModule,
  plansModule,
  helpsModule,
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
  contactsModule,
  tagsModule,
  externalApiModule,
  realtimeModule,
  mediaModule,
  queuesModule,
  chatbotModule,
];
