import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { ConnectionModel } from '../connections/index.js';
import { ContactModel } from '../contacts/index.js';
import { TicketModel } from '../tickets/index.js';
import { UserModel } from '../users/index.js';
import { ScheduleModel } from './schedule.model.js';
import { SCHEDULES_PAGE_SIZE, type CreateScheduleInput, type UpdateScheduleInput } from './schedules.schema.js';

const NOT_FOUND = 'ERR_NO_SCHEDULE_FOUND';
/** A claim older than this is considered abandoned (its dispatcher died) and the row is claimable again. */
export const SCHEDULE_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** A schedule the dispatcher claimed, named with its company. */
export type ClaimedSchedule = Pick<ScheduleModel, 'id' | 'companyId'>;
const LAST_ERROR_MAX_LENGTH = 2_000;

/**
 * Scheduled messages (spec 1 §3/§5, spec 3 §2.4, §7 "Schedules"), always within the caller's company
 * (another company's schedule, contact, ticket, user or connection is not found). The database row is the
 * source of truth for the dispatcher: it claims due rows with DueSchedules, then reports `markSent` / `markFailed`.
 */
@injectable()
export class ScheduleService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** GET /schedules: 20 a page, latest sendAt first, searched by contact name, optionally of one contact. */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    contactId?: number;
    pageNumber: number;
  }): Promise<{ schedules: ScheduleModel[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query<ScheduleModel>(ScheduleModel);
    if (options.contactId) query.where('schedules.contact_id', options.contactId);
    if (options.searchParam) {
      const pattern = containsPattern(options.searchParam);
      query.whereIn(
        'schedules.contact_id',
        scope.query<ContactModel>(ContactModel).whereRaw('contacts.name ilike ?', [pattern]).select('contacts.id'),
      );
    }
    const offset = (options.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
    const [count, schedules] = await Promise.all([
      query.clone().resultSize(),
      withSummaries(query.clone())
        .orderBy('schedules.send_at', 'desc')
        .orderBy('schedules.id', 'desc')
        .limit(SCHEDULES_PAGE_SIZE)
        .offset(offset),
    ]);
    return { schedules, count, hasMore: offset + schedules.length < count };
  }

  /** GET /schedules/:id, with contact {id, name, number}, user {id, name} and whatsapp {id, name}. */
  async show(options: { auth: AuthContext; scheduleId: number }): Promise<ScheduleModel> {
    return this.present(this.tenancy.of(options.auth.companyId), options.scheduleId);
  }

  /** POST /schedules: for a contact of the company, in the future; the ticket's connection and queue by default. */
  async create(options: { auth: AuthContext; input: CreateScheduleInput }): Promise<ScheduleModel> {
    const { auth, input } = options;
    const scope = this.tenancy.of(auth.companyId);
    assertFuture(input.sendAt);
    const refs = await this.references(scope, { contactId: input.contactId, ticketId: input.ticketId, whatsappId: input.whatsappId });
    const userId = input.userId ?? auth.userId;
    if (input.userId) await scope.findOrFail<UserModel>(UserModel, input.userId, 'ERR_NO_USER_FOUND');
    const created = await scope.insert<ScheduleModel>(ScheduleModel, {
      body: input.body,
      sendAt: input.sendAt,
      status: 'PENDENTE',
      contactId: input.contactId,
      ticketId: refs.ticket?.id ?? null,
      userId,
      whatsappId: input.whatsappId ?? refs.ticket?.whatsappId ?? null,
      queueId: refs.ticket?.queueId ?? null,
    });
    const schedule = await this.present(scope, created.id);
    this.announce(auth.companyId, { action: 'create', schedule });
    return schedule;
  }

  /**
   * PUT /schedules/:id: a sent schedule cannot change (400 ERR_SCHEDULE_ALREADY_SENT), nor one a dispatcher is
   * sending right now (409 ERR_SCHEDULE_SENDING). A saved change puts the schedule back to PENDENTE (an ERRO one
   * is tried again). The row is locked meanwhile, so a dispatcher's claim skips it.
   */
  async update(options: { auth: AuthContext; scheduleId: number; input: UpdateScheduleInput }): Promise<ScheduleModel> {
    const { auth, input } = options;
    await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await trx.query<ScheduleModel>(ScheduleModel).findById(options.scheduleId).forUpdate();
      if (!current) throw AppError.notFound(NOT_FOUND);
      if (current.sentAt || current.status === 'ENVIADA') {
        throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 400, { message: 'Este agendamento já foi enviado' });
      }
      if (current.status === 'ENVIANDO' && !claimExpired(current.updatedAt, new Date())) {
        throw new AppError('ERR_SCHEDULE_SENDING', 409, { message: 'Este agendamento está sendo enviado' });
      }
      if (input.sendAt && input.sendAt.getTime() !== new Date(current.sendAt).getTime()) assertFuture(input.sendAt);
      const contactId = input.contactId ?? current.contactId;
      const ticketId = input.ticketId === undefined ? current.ticketId : input.ticketId;
      const refs = await this.references(trx, { contactId, ticketId, whatsappId: input.whatsappId });
      if (input.userId) await trx.findOrFail<UserModel>(UserModel, input.userId, 'ERR_NO_USER_FOUND');
      const patch = definedOnly({
        body: input.body,
        sendAt: input.sendAt,
        contactId: input.contactId,
        ticketId: input.ticketId,
        userId: input.userId,
        whatsappId: input.whatsappId,
      }) as Partial<ScheduleModel>;
      if (input.ticketId && refs.ticket) patch.queueId = refs.ticket.queueId;
      await trx
        .query<ScheduleModel>(ScheduleModel)
        .patch({ ...patch, status: 'PENDENTE', lastError: null, attempts: 0 })
        .where('id', current.id);
    });
    const schedule = await this.present(this.tenancy.of(auth.companyId), options.scheduleId);
    this.announce(auth.companyId, { action: 'update', schedule });
    return schedule;
  }

  async remove(options: { auth: AuthContext; scheduleId: number }): Promise<void> {
    const deleted = await deletedRows(
      this.tenancy.of(options.auth.companyId).query<ScheduleModel>(ScheduleModel).delete().where('id', options.scheduleId),
    );
    if (deleted === 0) throw AppError.notFound(NOT_FOUND);
    this.announce(options.auth.companyId, { action: 'delete', scheduleId: options.scheduleId });
  }

  // --- the dispatcher's side: each claimed row is reported within its own company ---

  /** The dispatcher sent it: ENVIADA with sentAt. Idempotent: answers undefined when already sent or deleted. */
  async markSent(schedule: ClaimedSchedule, options: { sentAt?: Date } = {}): Promise<ScheduleModel | undefined> {
    const [row] = await this.tenancy
      .of(schedule.companyId)
      .table('schedules')
      .where('id', schedule.id)
      .whereNull('sent_at')
      .update({ status: 'ENVIADA', sent_at: options.sentAt ?? new Date(), last_error: null, updated_at: new Date() })
      .returning('*');
    return this.afterDispatch(row);
  }

  /** Sending failed: ERRO with the reason; an edit (PUT) puts it back to PENDENTE. Only a claimed row changes. */
  async markFailed(schedule: ClaimedSchedule, error: unknown): Promise<ScheduleModel | undefined> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH);
    const [row] = await this.tenancy
      .of(schedule.companyId)
      .table('schedules')
      .where({ id: schedule.id, status: 'ENVIANDO' })
      .whereNull('sent_at')
      .update({ status: 'ERRO', last_error: reason, updated_at: new Date() })
      .returning('*');
    return this.afterDispatch(row);
  }

  // --- helpers ---

  private async afterDispatch(row: Record<string, unknown> | undefined): Promise<ScheduleModel | undefined> {
    if (!row) return undefined;
    const claimed = ScheduleModel.fromDatabaseJson(row);
    try {
      const schedule = await this.present(this.tenancy.of(claimed.companyId), claimed.id);
      this.announce(claimed.companyId, { action: 'update', schedule });
    } catch (error) {
      this.logger.warn({ err: error, scheduleId: claimed.id }, 'could not announce a dispatched schedule');
    }
    return claimed;
  }

  /** The contact (and ticket, connection) named by a schedule must be the company's: 404 otherwise. */
  private async references(
    scope: TenantScope,
    options: { contactId: number; ticketId?: number | null; whatsappId?: number | null },
  ): Promise<{ ticket?: TicketModel }> {
    await scope.findOrFail<ContactModel>(ContactModel, options.contactId, 'ERR_NO_CONTACT_FOUND');
    let ticket: TicketModel | undefined;
    if (options.ticketId) {
      ticket = await scope.findOrFail<TicketModel>(TicketModel, options.ticketId, 'ERR_NO_TICKET_FOUND');
      if (ticket.contactId !== options.contactId) {
        const message = 'O ticket não é deste contato';
        throw new AppError('ERR_VALIDATION', 400, { message, fields: { ticketId: message } });
      }
    }
    if (options.whatsappId) await scope.findOrFail<ConnectionModel>(ConnectionModel, options.whatsappId, 'ERR_NO_WAPP_FOUND');
    return { ticket };
  }

  private async present(scope: TenantScope, scheduleId: number): Promise<ScheduleModel> {
    const schedule = await withSummaries(scope.query<ScheduleModel>(ScheduleModel)).findById(scheduleId);
    if (!schedule) throw AppError.notFound(NOT_FOUND);
    return schedule;
  }

  private announce(
    companyId: number,
    payload: { action: 'create' | 'update'; schedule: ScheduleModel } | { action: 'delete'; scheduleId: number },
  ) {
    try {
      this.realtime.emit(rooms.company(companyId), 'schedule', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a schedule change');
    }
  }
}

/** contact {id, name, number}, user {id, name}, whatsapp {id, name}. */
function withSummaries<Q extends ReturnType<TenantScope['query']>>(query: Q): Q {
  return query
    .withGraphFetched('[contact, user, whatsapp]')
    .modifyGraph('contact', (builder) => builder.select('contacts.id', 'contacts.name', 'contacts.number'))
    .modifyGraph('user', (builder) => builder.select('users.id', 'users.name'))
    .modifyGraph('whatsapp', (builder) => builder.select('connections.id', 'connections.name')) as Q;
}

function claimExpired(claimedAt: Date, now: Date): boolean {
  return new Date(claimedAt).getTime() < now.getTime() - SCHEDULE_CLAIM_TIMEOUT_MS;
}

function assertFuture(sendAt: Date): void {
  if (sendAt.getTime() <= Date.now()) {
    const message = 'A data de envio deve ser no futuro';
    throw new AppError('ERR_VALIDATION', 400, { message, fields: { sendAt: message } });
  }
}
