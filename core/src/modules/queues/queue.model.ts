import { TenantModel } from '../../platform/database/model.js';
import type { ChatbotOption } from '../chatbot/index.js';
import type { ServiceHoursEntry } from './service-hours.js';

/** Spec 2 §9: queue rotation times in minutes; 0 means unset. */
export const ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

/** A company's queue (department), spec 2 §3: where tickets wait, with its chatbot menu and service hours. */
export class QueueModel extends TenantModel {
  static override tableName = 'queues';

  name!: string;
  color!: string;
  greetingMessage!: string | null;
  outOfHoursMessage!: string | null;
  orderQueue!: number | null;
  /** Rotates waiting tickets among the queue's users every tempoRoteador minutes. */
  ativarRoteador!: boolean;
  tempoRoteador!: number;
  integrationId!: number | null;
  fileListId!: number | null;
  promptId!: number | null;
  closeTicket!: boolean;
  schedules!: ServiceHoursEntry[];
  /** The top-level chatbot options with their nested options (answers only, not a column). */
  chatbots?: ChatbotOption[];

  static override get jsonAttributes() {
    return ['schedules'];
  }
}
