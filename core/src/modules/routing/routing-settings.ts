import { inject, injectable, type InboundContext } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';

export type ScheduleType = 'disabled' | 'queue' | 'company' | 'connection';

/** The company options routing reads (spec 2 §3 "Company setting options"), plus its timezone and week. */
export interface CompanyRoutingOptions {
  userRating: boolean;
  scheduleType: ScheduleType;
  userRandom: boolean;
  sendGreetingMessageOneQueues: boolean;
  sendFarewellWaitingTicket: boolean;
  sendMessageOutExpedientTicketOpen: boolean;
  sendQueuePosition: boolean;
  acceptAudioMessageContact: boolean;
  enableLgpd: boolean;
  lgpdConsent: boolean;
  lgpdDeleteMessage: boolean;
  lgpdHideNumber: boolean;
  lgpdMessage: string;
  lgpdLink: string;
  timezone: string;
  /** The company's service hours (used when scheduleType is 'company'). */
  schedules: unknown[];
}

/** The connection options routing reads (spec 2 §3 "Connection"), with its queues in menu order. */
export interface ConnectionRoutingOptions {
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  expiresTicketNps: number;
  expiresInactiveMessage: string;
  timeInactiveMessage: number;
  inactiveMessage: string;
  maxUseBotQueuesNps: number;
  whenExpiresTicket: number;
  greetingMediaAttachment: string | null;
  schedules: unknown[];
  /** The connection's queues, ordered by orderQueue then name. */
  queueIds: number[];
}

const enabled = (value: unknown) => value === 'enabled';
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const parsed = (value: unknown): unknown[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list : [];
};

/**
 * The options behind routing decisions, read fresh for each inbound message (two primary-key reads) so an admin's
 * change applies to the next message; `forMessage` reads them once per message however many steps ask.
 */
@injectable()
export class RoutingSettings {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async company(companyId: number): Promise<CompanyRoutingOptions> {
    const scope = this.tenancy.of(companyId);
    const [row, company] = await Promise.all([scope.table('company_settings').first(), scope.company().first('timezone', 'schedules')]);
    // Without a settings row the column defaults of migration 0001 apply.
    const value = (column: string, fallback: string) => (row ? row[column] : fallback);
    return {
      userRating: enabled(value('user_rating', 'disabled')),
      scheduleType: (value('schedule_type', 'disabled') as ScheduleType) ?? 'disabled',
      userRandom: enabled(value('user_random', 'enabled')),
      sendGreetingMessageOneQueues: enabled(value('send_greeting_message_one_queues', 'enabled')),
      sendFarewellWaitingTicket: enabled(value('send_farewell_waiting_ticket', 'disabled')),
      sendMessageOutExpedientTicketOpen: enabled(value('send_message_out_expedient_ticket_open', 'disabled')),
      sendQueuePosition: enabled(value('send_queue_position', 'disabled')),
      acceptAudioMessageContact: enabled(value('accept_audio_message_contact', 'enabled')),
      enableLgpd: enabled(value('enable_lgpd', 'disabled')),
      lgpdConsent: enabled(value('lgpd_consent', 'disabled')),
      lgpdDeleteMessage: enabled(value('lgpd_delete_message', 'disabled')),
      lgpdHideNumber: enabled(value('lgpd_hide_number', 'disabled')),
      lgpdMessage: text(row?.lgpd_message),
      lgpdLink: text(row?.lgpd_link),
      timezone: text(company?.timezone) || 'America/Sao_Paulo',
      schedules: parsed(company?.schedules),
    };
  }

  async connection(companyId: number, connectionId: number): Promise<ConnectionRoutingOptions> {
    const scope = this.tenancy.of(companyId);
    const [row, queues] = await Promise.all([
      scope.table('connections').where('id', connectionId).first(),
      scope
        .table('connection_queues as wq')
        .join('queues as q', 'q.id', 'wq.queue_id')
        .where('wq.whatsapp_id', connectionId)
        .orderByRaw('q.order_queue asc nulls last, q.name asc')
        .select('q.id'),
    ]);
    return {
      greetingMessage: text(row?.greeting_message),
      complationMessage: text(row?.complation_message),
      outOfHoursMessage: text(row?.out_of_hours_message),
      ratingMessage: text(row?.rating_message),
      maxUseBotQueues: Number(row?.max_use_bot_queues ?? 3),
      timeUseBotQueues: Number(row?.time_use_bot_queues ?? 0),
      expiresTicket: Number(row?.expires_ticket ?? 0),
      timeSendQueue: Number(row?.time_send_queue ?? 0),
      sendIdQueue: (row?.send_id_queue as number | null | undefined) ?? null,
      expiresTicketNps: Number(row?.expires_ticket_nps ?? 0),
      expiresInactiveMessage: text(row?.expires_inactive_message),
      timeInactiveMessage: Number(row?.time_inactive_message ?? 0),
      inactiveMessage: text(row?.inactive_message),
      maxUseBotQueuesNps: Number(row?.max_use_bot_queues_nps ?? 3),
      whenExpiresTicket: Number(row?.when_expires_ticket ?? 0),
      greetingMediaAttachment: (row?.greeting_media_attachment as string | null | undefined) ?? null,
      schedules: parsed(row?.schedules),
      queueIds: (queues as { id: number }[]).map((queue) => queue.id),
    };
  }

  /** Both, read at most once per inbound message (kept in the message's context). */
  forMessage(ctx: InboundContext): Promise<{ company: CompanyRoutingOptions; connection: ConnectionRoutingOptions }> {
    const key = 'routingSettings';
    const cached = ctx.state[key] as Promise<{ company: CompanyRoutingOptions; connection: ConnectionRoutingOptions }> | undefined;
    if (cached) return cached;
    const loaded = Promise.all([this.company(ctx.connection.companyId), this.connection(ctx.connection.companyId, ctx.connection.id)]).then(
      ([company, connection]) => ({ company, connection }),
    );
    ctx.state[key] = loaded;
    return loaded;
  }
}
