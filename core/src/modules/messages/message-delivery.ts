import { inject, injectable } from '@switchboard/sdk';
import { LiveSessions } from '../../platform/channels/live-sessions.js';
import { Database } from '../../platform/database/database.js';
import { JobQueue, type JobInfo } from '../../platform/jobs/job-queue.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';
import { camelRow } from '../conversations/core-steps.js';

const RETRIES = 4;
const BACKOFF_MS = 2000;

interface DeliveryJob {
  messageId: number;
}

/**
 * Delivers stored outgoing messages through their connection's live session. Each connection has its own
 * queue, served only by the node that runs its session, one message at a time so the order holds. A job that
 * runs twice sends once (the stored external id says it went). The last failed attempt marks the message.
 */
@injectable()
export class MessageDelivery {
  private readonly served = new Set<number>();

  constructor(
    @inject(Database) private readonly database: Database,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(LiveSessions) private readonly live: LiveSessions,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  static queueOf(connectionId: number): string {
    return `deliver-${connectionId}`;
  }

  /** Called by the session manager when this node starts the connection's session. */
  serve(connectionId: number): void {
    if (this.served.has(connectionId)) return;
    this.served.add(connectionId);
    this.jobs.process<DeliveryJob>(MessageDelivery.queueOf(connectionId), (data, job) => this.deliver(data.messageId, job), {
      concurrency: 1,
    });
  }

  async enqueue(message: { id: number; whatsappId: number }): Promise<void> {
    await this.jobs.add<DeliveryJob>(
      MessageDelivery.queueOf(message.whatsappId),
      { messageId: message.id },
      { retries: RETRIES, backoffMs: BACKOFF_MS, jobId: `message-${message.id}` },
    );
  }

  private async deliver(messageId: number, job: JobInfo): Promise<void> {
    const knex = this.database.knex;
    const message = await knex('messages').where('id', messageId).first();
    if (!message || message.external_id || message.is_private || message.is_deleted) return;
    try {
      const live = message.whatsapp_id ? this.live.get(message.whatsapp_id) : undefined;
      if (!live) throw new Error('ERR_WAPP_NOT_INITIALIZED');
      const contact = await knex('tickets as t')
        .join('contacts as c', 'c.id', 't.contact_id')
        .where('t.id', message.ticket_id)
        .first('c.number', 'c.name', 'c.is_group', 'c.email');
      const quoted = message.quoted_msg_id
        ? await knex('messages').where('id', message.quoted_msg_id).first('external_id', 'from_me', 'body')
        : undefined;
      const result = await live.session.send({
        messageId,
        to: { address: contact.number, name: contact.name, isGroup: contact.is_group, email: contact.email ?? undefined },
        body: message.body || undefined,
        media: message.media_url
          ? {
              path: this.media.absolutePath(message.media_url),
              fileName: message.data?.fileName ?? message.media_url.split('/').pop(),
              mimeType: message.data?.mimeType ?? 'application/octet-stream',
              mediaType: message.media_type,
            }
          : undefined,
        quoted: quoted?.external_id ? { externalId: quoted.external_id, fromMe: quoted.from_me, body: quoted.body } : undefined,
        vCard: message.v_card ?? undefined,
      });
      const [sent] = await knex('messages')
        .where('id', messageId)
        .update({ external_id: result.externalId, ack: 1, updated_at: new Date() })
        .returning('*');
      this.announce(sent);
    } catch (error) {
      if (job.attempt > RETRIES) {
        const data = { ...(message.data ?? {}), sendError: 'ERR_SENDING_WAPP_MSG' };
        const [failed] = await knex('messages').where('id', messageId).update({ data, updated_at: new Date() }).returning('*');
        this.announce({ ...failed, send_error: 'ERR_SENDING_WAPP_MSG' });
        this.logger.warn({ err: error, messageId }, 'message could not be delivered');
      }
      throw error;
    }
  }

  private announce(row: { company_id: number; ticket_id: number } & Record<string, unknown>): void {
    this.realtime.emit([rooms.company(row.company_id), rooms.ticket(row.ticket_id)], 'appMessage', {
      action: 'update',
      message: camelRow(row),
    });
  }
}
