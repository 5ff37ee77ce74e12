import { inject, injectable, type InboundContext } from '@switchboard/sdk';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Config } from '../../platform/tokens.js';
import { CompanySettings, type CompanyOptions } from '../settings/index.js';

export type { ScheduleType } from '../settings/index.js';

/** The company options routing reads (spec 2 §3 "Company setting options"), plus its timezone and week. */
export type CompanyRoutingOptions = CompanyOptions & {
  timezone: string;
  /** The company's service hours (used when scheduleType is 'company'). */
  schedules: unknown[];
};

/** The connection options routing reads (spec 2 §3 "Connection"), with its queues in menu order. */
export interface ConnectionRoutingOptions {
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  /** Minutes after our last message before the ticket closes; the installation's AUTO_CLOSE_HOURS when the connection sets none. */
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

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const parsed = (value: unknown): unknown[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list : [];
};

/**
 * The options behind routing decisions, cached per company (CompanyCache) until the company changes its options,
 * hours, connections or queues, so an admin's change applies to the next message on every node; `forMessage`
 * resolves them once per message however many steps ask.
 */
@injectable()
export class RoutingSettings {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanySettings) private readonly settings: CompanySettings,
    @inject(CompanyCache) private readonly cache: CompanyCache,
    @inject(Config) private readonly config: Config,
  ) {}

  async company(companyId: number): Promise<CompanyRoutingOptions> {
    const [options, company] = await Promise.all([
      this.settings.read(companyId),
      this.cache.get(companyId, 'routing:company', () => this.tenancy.of(companyId).company().first('timezone', 'schedules')),
    ]);
    return {
      ...options,
      timezone: text(company?.timezone) || 'America/Sao_Paulo',
      schedules: parsed(company?.schedules),
    };
  }

  connection(companyId: number, connectionId: number): Promise<ConnectionRoutingOptions> {
    return this.cache.get(companyId, `routing:connection:${connectionId}`, () => this.readConnection(companyId, connectionId));
  }

  private async readConnection(companyId: number, connectionId: number): Promise<ConnectionRoutingOptions> {
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
      // A connection without an expiry of its own closes its quiet tickets after the installation's default.
      expiresTicket: Number(row?.expires_ticket ?? 0) || this.config.conversations.autoCloseHours * 60,
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
