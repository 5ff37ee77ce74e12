import { TenantModel } from '../../platform/database/model.js';

/** What an option does when the customer picks it (spec 2 §3 "Chatbot option"). */
export const OPTION_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/**
 * One option of a queue's chatbot menu. The menu is a tree: a top-level option has queueId, a nested one chatbotId
 * (its parent option). Tickets point at the option they are on (tickets.chatbot_id).
 */
export class ChatbotModel extends TenantModel {
  static override tableName = 'chatbots';

  name!: string;
  queueId!: number | null;
  chatbotId!: number | null;
  greetingMessage!: string | null;
  queueType!: OptionType;
  optQueueId!: number | null;
  optUserId!: number | null;
  optIntegrationId!: number | null;
  optFileId!: number | null;
  closeTicket!: boolean;
}

/** An option as answered: its columns and its nested options, by id. */
export type ChatbotOption = Record<string, unknown> & {
  id: number;
  queueId: number | null;
  chatbotId: number | null;
  options: ChatbotOption[];
};
