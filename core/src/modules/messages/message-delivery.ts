import {
  ChannelError,
  inject,
  injectable,
  type ChannelSession,
  type ContactRef,
  type MediaType,
  type TemplateChoice,
} from '@switchboard/sdk';
import type { Knex } from 'knex';
import { LiveSessions, type LiveSession } from '../../platform/channels/live-sessions.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import { prepared } from '../../platform/database/prepared-statement.js';
import { pgArray } from '../../platform/database/pg-arrays.js';
import { AppError } from '../../platform/http/app-error.js';
import { JobQueue, type JobInfo } from '../../platform/jobs/job-queue.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import type { TenantScope } from '../../platform/database/model.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketEvents } from '../realtime/index.js';
import { Logger } from '../../platform/tokens.js';
import { Metrics } from '../../platform/metrics/index.js';
import { camelRow } from '../conversations/index.js';
import type { SessionWork } from '../connections/index.js';

const RETRIES = 4;
const BACKOFF_MS = 2000;
/** A session call made while an agent waits for the answer gives up after this long. */
const DIRECT_CALL_TIMEOUT_MS = 20_000;

/** What a channel is asked to do with a stored message after it was sent. */
export type ChannelActionKind = 'edit' | 'remove' | 'react';

/**
 * A queued action. `key` names one request: the message row records the key it wants applied and the key that
 * was applied (`data.channel<Kind>`), so a job that runs twice, or one overtaken by a newer request, does nothing.
 */
export type DeliveryAction = { kind: 'send' } | { kind: ChannelActionKind; key: string };

interface DeliveryJob {
  /** The message's company (absent on jobs queued before it was recorded: the live session's). */
  companyId?: number;
  messageId: number;
  /** A group of sends of one company (enqueueMany), in order; messageId is the first. */
  messageIds?: number[];
  /** Absent on jobs queued before actions existed: a send. */
  action?: DeliveryAction;
}

/** The per-message record of one action kind, kept in the row's `data`. */
export interface ActionMark {
  wanted?: string;
  applied?: string;
  error?: string;
}

/** Where an action on a connection runs: here and now (the session lives on this node), or on the owner node via the queue. */
export type ActionRoute = { mode: 'direct'; live: LiveSession } | { mode: 'queue' };

interface MessageRow {
  id: number;
  company_id: number;
  ticket_id: number;
  whatsapp_id: number | null;
  external_id: string | null;
  body: string;
  is_private: boolean;
  is_deleted: boolean;
  quoted_msg_id: number | null;
  from_me: boolean;
  media_url: string | null;
  media_type: MediaType;
  v_card: string | null;
  data: ({ fileName?: string; mimeType?: string } & Record<string, unknown>) | null;
  [column: string]: unknown;
}

/** Sends of a group job: enough to spread a job's cost, few enough to keep one job short. */
const GROUP_SIZE = 50;

/** Still to be sent: not sent before (a job run twice), not a note, not deleted meanwhile. */
function pending(message: MessageRow): boolean {
  return !message.external_id && !message.is_private && !message.is_deleted;
}

function audienceOfRow(message: DeliverableRow) {
  return {
    id: message.ticket_id,
    companyId: message.company_id,
    status: message.ticket_status,
    queueId: message.ticket_queue_id,
    userId: message.ticket_user_id,
  };
}

/** A message row with its ticket's audience and its contact (MessageDelivery.deliverable). */
interface DeliverableRow extends MessageRow {
  ticket_status: string;
  ticket_queue_id: number | null;
  ticket_user_id: number | null;
  contact_number: string;
  contact_name: string;
  contact_is_group: boolean;
  contact_email: string | null;
}

const METHOD: Record<ChannelActionKind, 'edit' | 'remove' | 'react'> = { edit: 'edit', remove: 'remove', react: 'react' };
const CAPABILITY: Record<ChannelActionKind, 'edit' | 'delete' | 'react'> = { edit: 'edit', remove: 'delete', react: 'react' };
/** The error a failed action is reported with (spec 1 §8 where it has one). */
const FAILURE: Record<ChannelActionKind, string> = {
  edit: 'ERR_EDIT_WAPP_MSG',
  remove: 'ERR_DELETE_WAPP_MSG',
  react: 'ERR_SENDING_WAPP_MSG',
};

export function markKey(kind: ChannelActionKind): string {
  return `channel${kind[0]!.toUpperCase()}${kind.slice(1)}`;
}

/** `data = data || {<markKey>: mark}`: merges one action mark into the row's jsonb without touching the rest. */
export function mergeMark(knex: Knex | Knex.Transaction, kind: ChannelActionKind, mark: ActionMark): Knex.Raw {
  return knex.raw(`coalesce(data, '{}'::jsonb) || jsonb_build_object(?::text, ?::jsonb)`, [markKey(kind), JSON.stringify(mark)]);
}

/**
 * Delivers stored outgoing messages, and later edits, removals and reactions, through their connection's live
 * session. Each connection has its own queue, served only by the node that runs its session, one job at a time
 * so the order holds. A job that runs twice applies once: a send by the stored external id, an action by its key
 * recorded on the row. The last failed attempt marks the message.
 */
@injectable()
export class MessageDelivery implements SessionWork {
  private readonly served = new Set<number>();

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(LiveSessions) private readonly live: LiveSessions,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(Logger) private readonly logger: Logger,
    @inject(Metrics) private readonly metrics: Metrics,
  ) {}

  static queueOf(connectionId: number): string {
    return `deliver-${connectionId}`;
  }

  /** Called by the session manager when this node starts the connection's session. */
  /** The session left this node: its queue is for the next owner (jobs wait in the queue meanwhile). */
  async unserve(connectionId: number): Promise<void> {
    if (!this.served.delete(connectionId)) return;
    await this.jobs.stopProcessing(MessageDelivery.queueOf(connectionId));
  }

  serve(connectionId: number): void {
    if (this.served.has(connectionId)) return;
    this.served.add(connectionId);
    this.jobs.process<DeliveryJob>(
      MessageDelivery.queueOf(connectionId),
      async (data, job) => {
        const companyId = data.companyId ?? this.live.get(connectionId)?.connection.companyId;
        // An old job whose session is not here: retried like any send without a session.
        if (companyId === undefined) throw new Error('ERR_WAPP_NOT_INITIALIZED');
        const scope = this.tenancy.of(companyId);
        const action = data.action ?? { kind: 'send' };
        if (action.kind !== 'send') return this.act(scope, data.messageId, action, job);
        return data.messageIds ? this.deliverGroup(scope, data.messageIds) : this.deliver(scope, data.messageId, job);
      },
      { concurrency: 1 },
    );
  }

  async enqueue(message: { companyId: number; id: number; whatsappId: number }): Promise<void> {
    await this.jobs.add<DeliveryJob>(
      MessageDelivery.queueOf(message.whatsappId),
      { companyId: message.companyId, messageId: message.id, action: { kind: 'send' } },
      { retries: RETRIES, backoffMs: BACKOFF_MS, jobId: `message-${message.id}` },
    );
  }

  /**
   * Queues many stored messages of one company and connection (a campaign's batch) as jobs of up to GROUP_SIZE sends
   * each: one read and one queue round for the group instead of one per message.
   */
  async enqueueMany(messages: { companyId: number; whatsappId: number; ids: number[] }): Promise<void> {
    const ids = [...messages.ids].sort((a, b) => a - b);
    const groups: number[][] = [];
    for (let from = 0; from < ids.length; from += GROUP_SIZE) groups.push(ids.slice(from, from + GROUP_SIZE));
    await Promise.all(
      groups.map((group) =>
        group.length === 1
          ? this.enqueue({ companyId: messages.companyId, id: group[0]!, whatsappId: messages.whatsappId })
          : this.jobs.add<DeliveryJob>(
              MessageDelivery.queueOf(messages.whatsappId),
              { companyId: messages.companyId, messageId: group[0]!, messageIds: group, action: { kind: 'send' } },
              { jobId: `messages-${group[0]}-${group.at(-1)}`, retries: RETRIES, backoffMs: BACKOFF_MS },
            ),
      ),
    );
  }

  /** Queues an action on the connection's queue; the row must already want `action.key` (see mergeMark). */
  async enqueueAction(
    message: { companyId: number; id: number; whatsappId: number },
    action: { kind: ChannelActionKind; key: string },
  ): Promise<void> {
    await this.jobs.add<DeliveryJob>(
      MessageDelivery.queueOf(message.whatsappId),
      { companyId: message.companyId, messageId: message.id, action },
      { retries: RETRIES, backoffMs: BACKOFF_MS, jobId: `${action.kind}-${message.id}-${action.key}` },
    );
  }

  /**
   * How an action on this connection will run: directly when its session lives on this node, else through the
   * queue of the owner node. Refuses (400 ERR_CHANNEL_UNSUPPORTED) when the channel cannot do it: the live
   * session lacks the method, or, for a session elsewhere, its channel does not declare the capability.
   */
  route(connection: { id: number; channel: string }, kind: ChannelActionKind): ActionRoute {
    const live = this.live.get(connection.id);
    if (live) {
      if (typeof live.session[METHOD[kind]] !== 'function') throw unsupported(live.connection.channel, kind);
      return { mode: 'direct', live };
    }
    const capabilities = this.registry.channel(connection.channel)?.description.capabilities;
    if (!capabilities?.[CAPABILITY[kind]]) throw unsupported(connection.channel, kind);
    return { mode: 'queue' };
  }

  /** Edits a sent message on the channel now (the session is live here); a refusal answers ERR_EDIT_WAPP_MSG. */
  async editNow(live: LiveSession, input: { externalId: string; body: string; to: ContactRef }): Promise<void> {
    await this.direct('edit', () => callSession(live.session, 'edit')(input.externalId, input.body, input.to));
  }

  /** Deletes a sent message on the channel now; a refusal answers ERR_DELETE_WAPP_MSG. */
  async removeNow(live: LiveSession, input: { externalId: string; to: ContactRef }): Promise<void> {
    await this.direct('remove', () => callSession(live.session, 'remove')(input.externalId, input.to));
  }

  /** Reacts to a sent message now ('' removes the reaction); answers the reaction's id on the channel. */
  async reactNow(live: LiveSession, input: { targetExternalId: string; emoji: string; to: ContactRef }): Promise<string | undefined> {
    const result = await this.direct('react', () => callSession(live.session, 'react')(input.targetExternalId, input.emoji, input.to));
    return result?.externalId || undefined;
  }

  /** The party a message of this ticket goes to. */
  async recipientOf(companyId: number, ticketId: number): Promise<ContactRef> {
    const contact = await this.tenancy
      .of(companyId)
      .table('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .where('t.id', ticketId)
      .first('c.number', 'c.name', 'c.is_group', 'c.email');
    return { address: contact.number, name: contact.name, isGroup: contact.is_group, email: contact.email || undefined };
  }

  private async direct<T>(kind: ChannelActionKind, call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        call(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('the channel did not answer in time')), DIRECT_CALL_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.logger.warn({ err: error, kind }, 'channel refused a message action');
      throw new AppError(FAILURE[kind], 400, { message: `The channel refused to ${kind} the message` });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Messages with what their sends need in one read (the hot path of every delivery): each one's ticket audience, for
   * the ack's event, and the contact it goes to. In the order they were stored.
   */
  private deliverable(scope: TenantScope, messageIds: number[]): Promise<DeliverableRow[]> {
    return prepared(
      messageIds.length === 1 ? 'deliverable-message' : 'deliverable-messages',
      scope
        .table<DeliverableRow>('messages as m')
        .join('tickets as t', 't.id', 'm.ticket_id')
        .join('contacts as c', 'c.id', 't.contact_id')
        .modify((query) =>
          messageIds.length === 1 ? query.where('m.id', messageIds[0]) : query.whereRaw('m.id = any(?::int[])', [pgArray(messageIds)]),
        )
        .orderBy('m.id')
        .select(
          'm.*',
          't.status as ticket_status',
          't.queue_id as ticket_queue_id',
          't.user_id as ticket_user_id',
          'c.number as contact_number',
          'c.name as contact_name',
          'c.is_group as contact_is_group',
          'c.email as contact_email',
        ),
    ) as unknown as Promise<DeliverableRow[]>;
  }

  private async deliver(scope: TenantScope, messageId: number, job: JobInfo): Promise<void> {
    const [message] = await this.deliverable(scope, [messageId]);
    if (!message || !pending(message)) return;
    try {
      await this.sendStored(scope, message);
    } catch (error) {
      // A refusal the channel explains (a closed reply window) would be refused again: it fails now, with its code.
      const refused = error instanceof ChannelError;
      if (refused || job.attempt > RETRIES) {
        const sendError = refused ? error.code : 'ERR_SENDING_WAPP_MSG';
        const data = { ...(message.data ?? {}), sendError };
        const [failed] = await scope
          .table<MessageRow>('messages')
          .where('id', messageId)
          .update({ data, updated_at: new Date() })
          .returning('*');
        if (failed)
          this.events.message(audienceOfRow(message), {
            action: 'update',
            message: camelRow({ ...failed, send_error: sendError }),
          });
        this.logger.warn({ err: error, messageId }, 'message could not be delivered');
      }
      if (!refused) throw error;
    }
  }

  /**
   * A group's sends, in order, each marked as it goes. A message the channel refuses leaves the group for a job of its
   * own, retried with backoff as any send, and the others go on.
   */
  private async deliverGroup(scope: TenantScope, messageIds: number[]): Promise<void> {
    // Each mark is written while the next message goes out; the job ends once every mark is in (a failed mark fails
    // the job, whose retry skips the messages marked).
    const marks: Promise<void>[] = [];
    for (const message of await this.deliverable(scope, messageIds)) {
      if (!pending(message)) continue;
      let externalId: string;
      try {
        externalId = await this.sendOnChannel(scope, message);
      } catch (error) {
        this.logger.warn({ err: error, messageId: message.id }, 'grouped send failed: retried alone');
        await this.enqueue({ companyId: scope.companyId, id: message.id, whatsappId: message.whatsapp_id! });
        continue;
      }
      const mark = this.markSent(scope, message, externalId);
      mark.catch(() => {});
      marks.push(mark);
    }
    await Promise.all(marks);
  }

  /** Sends one stored message through its connection's live session, then records the channel's id and tells screens. */
  private async sendStored(scope: TenantScope, message: DeliverableRow): Promise<void> {
    await this.markSent(scope, message, await this.sendOnChannel(scope, message));
  }

  /** Sends a stored message through its connection's live session; answers the channel's id for it. */
  private async sendOnChannel(scope: TenantScope, message: DeliverableRow): Promise<string> {
    const live = message.whatsapp_id ? this.live.get(message.whatsapp_id) : undefined;
    if (!live) throw new Error('ERR_WAPP_NOT_INITIALIZED');
    const quoted = message.quoted_msg_id
      ? await scope.table<MessageRow>('messages').where('id', message.quoted_msg_id).first('external_id', 'from_me', 'body')
      : undefined;
    const result = await live.session.send({
      messageId: message.id,
      to: {
        address: message.contact_number,
        name: message.contact_name,
        isGroup: message.contact_is_group,
        email: message.contact_email || undefined,
      },
      body: message.body || undefined,
      media: message.media_url
        ? {
            path: this.media.absolutePath(message.media_url),
            fileName: message.data?.fileName ?? message.media_url.split('/').pop()!,
            mimeType: message.data?.mimeType ?? 'application/octet-stream',
            mediaType: message.media_type,
            ...(message.data?.voiceNote ? { asVoiceNote: true } : {}),
          }
        : undefined,
      quoted: quoted?.external_id ? { externalId: quoted.external_id, fromMe: quoted.from_me, body: quoted.body } : undefined,
      vCard: message.v_card ?? undefined,
      ...(message.data?.template ? { template: message.data.template as TemplateChoice } : {}),
    });
    this.metrics.messageSent(live.connection.channel);
    return result.externalId;
  }

  /**
   * Records the channel's id (the send's idempotence) and tells screens the ack. Committed without waiting for the
   * disk (synchronous_commit off for this statement only): a connection's sends run one at a time, and a flush per
   * send would halve them. Only a crash of PostgreSQL itself within its WAL writer's delay (well under a second)
   * could lose the mark.
   */
  private async markSent(scope: TenantScope, message: DeliverableRow, externalId: string): Promise<void> {
    // An edit recorded before this send read the row went out with it: its queued job then has nothing to do.
    const edit = (message.data?.[markKey('edit')] ?? undefined) as ActionMark | undefined;
    const carried =
      edit?.wanted && edit.applied !== edit.wanted ? { data: mergeMark(scope.connection, 'edit', { ...edit, applied: edit.wanted }) } : {};
    const [sent] = (await prepared(
      carried.data ? 'delivered-edited-message' : 'delivered-message',
      scope
        .table<MessageRow>('messages')
        .updateFrom(scope.raw(`(select set_config('synchronous_commit', 'off', true)) as commit_mode`))
        .where('messages.id', message.id)
        .update({ external_id: externalId, ack: 1, updated_at: new Date(), ...carried })
        .returning('messages.*'),
    )) as MessageRow[];
    if (sent) this.events.message(audienceOfRow(message), { action: 'update', message: camelRow(sent) });
  }

  /** Runs a queued edit, removal or reaction on the owner node, once per key. */
  private async act(scope: TenantScope, messageId: number, action: { kind: ChannelActionKind; key: string }, job: JobInfo): Promise<void> {
    const { kind, key } = action;
    const row = await scope.table<MessageRow>('messages').where('id', messageId).first();
    if (!row || !row.whatsapp_id) return;
    const mark = (row.data?.[markKey(kind)] ?? {}) as ActionMark;
    // Applied already, or overtaken by a newer request (its own job applies the latest state).
    if (mark.applied === key || mark.wanted !== key) return;
    const live = this.live.get(row.whatsapp_id);
    try {
      if (!live) throw new Error('ERR_WAPP_NOT_INITIALIZED');
      if (typeof live.session[METHOD[kind]] !== 'function') {
        // The capability was declared but the session lacks it: retrying cannot help.
        await this.markFailed(scope, row, kind, mark, 'ERR_CHANNEL_UNSUPPORTED');
        return;
      }
      const to = await this.recipientOf(scope.companyId, row.ticket_id);
      const update: Record<string, unknown> = {};
      if (kind === 'edit') {
        if (!row.external_id) return;
        await callSession(live.session, 'edit')(row.external_id, row.body, to);
      } else if (kind === 'remove') {
        if (!row.external_id) return;
        await callSession(live.session, 'remove')(row.external_id, to);
      } else {
        const target = row.quoted_msg_id
          ? await scope.table<MessageRow>('messages').where('id', row.quoted_msg_id).first('external_id')
          : undefined;
        if (!target?.external_id) return;
        const result = await callSession(live.session, 'react')(target.external_id, row.is_deleted ? '' : row.body, to);
        if (result?.externalId && !row.is_deleted) update.external_id = result.externalId;
      }
      await this.markApplied(scope, row, kind, { ...mark, applied: key, error: undefined }, update);
    } catch (error) {
      if (job.attempt > RETRIES) {
        await this.markFailed(scope, row, kind, mark, FAILURE[kind]);
        this.logger.warn({ err: error, messageId, kind }, 'message action could not be applied');
      }
      throw error;
    }
  }

  private async markApplied(
    scope: TenantScope,
    row: MessageRow,
    kind: ChannelActionKind,
    mark: ActionMark,
    update: Record<string, unknown>,
  ): Promise<void> {
    const write = (extra: Record<string, unknown>) =>
      scope
        .table<MessageRow>('messages')
        .where('id', row.id)
        .update({ ...extra, data: mergeMark(scope.connection, kind, mark) })
        .returning('*');
    try {
      const [updated] = await write(update);
      if (update.external_id) this.announce(updated);
    } catch (error) {
      // The channel echoed the reaction back first and it is stored under that id: keep the mark only.
      if (!isUniqueViolation(error)) throw error;
      await write({});
    }
  }

  private async markFailed(scope: TenantScope, row: MessageRow, kind: ChannelActionKind, mark: ActionMark, code: string): Promise<void> {
    const [failed] = await scope
      .table<MessageRow>('messages')
      .where('id', row.id)
      .update({ data: mergeMark(scope.connection, kind, { ...mark, error: code }), updated_at: new Date() })
      .returning('*');
    if (failed) this.announce({ ...failed, action_error: code });
  }

  private announce(row: { company_id: number; ticket_id: number } & Record<string, unknown>): void {
    void this.events.messageOfTicket(row.company_id, row.ticket_id, { action: 'update', message: camelRow(row) }).catch(() => {});
  }
}

function unsupported(channel: string, kind: ChannelActionKind): AppError {
  const verb = kind === 'remove' ? 'delete' : kind;
  return new AppError('ERR_CHANNEL_UNSUPPORTED', 400, { message: `The ${channel} channel cannot ${verb} messages` });
}

/** The optional session method, bound; callers have checked that it exists. */
function callSession<K extends 'edit' | 'remove' | 'react'>(session: ChannelSession, method: K): NonNullable<ChannelSession[K]> {
  const fn = session[method];
  if (typeof fn !== 'function') throw new AppError('ERR_CHANNEL_UNSUPPORTED', 400);
  return fn.bind(session) as NonNullable<ChannelSession[K]>;
}
