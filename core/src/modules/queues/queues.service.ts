import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ChatbotService } from '../chatbot/index.js';
import type { ChatbotOptionInput } from '../chatbot/index.js';
import { PlanLimits } from '../plans/index.js';
import { QueueModel } from './queue.model.js';
import { QUEUE_NOT_FOUND, QueueViews } from './queue-views.js';
import type { CreateQueueInput, UpdateQueueInput } from './queues.schema.js';
import { defaultServiceHours } from './service-hours.js';

/** First key of the per-company advisory lock that serialises the name and colour checks of queues. */
const QUEUE_NAMES_LOCK = 0x7175_6575;

/** What a queue may point at: the table, and the code when the record is not the company's. */
const queueTargets = {
  integrationId: { table: 'queue_integrations', notFound: 'ERR_NO_INTEGRATION_FOUND' },
  fileListId: { table: 'files', notFound: 'ERR_NO_FILE_FOUND' },
  promptId: { table: 'prompts', notFound: 'ERR_NO_PROMPT_FOUND' },
} as const;

const nameTaken = () =>
  new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 400, {
    message: 'Já existe uma fila com este nome',
    fields: { name: 'Já existe uma fila com este nome' },
  });
const colorTaken = () =>
  new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400, {
    message: 'Esta cor já está em uso por outra fila',
    fields: { color: 'Esta cor já está em uso por outra fila' },
  });

/**
 * Queues of a company (spec 2 §3, §5, §7): name and colour unique in the company (case-insensitively), counted
 * against the plan, with service hours and a chatbot menu. Announced on the company room as `queue` events.
 */
@injectable()
export class QueuesService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(PlanLimits) private readonly planLimits: PlanLimits,
    @inject(QueueViews) private readonly views: QueueViews,
    @inject(ChatbotService) private readonly chatbot: ChatbotService,
  ) {}

  /** GET /queue: every queue of the caller's company, with menus. */
  list(options: { auth: AuthContext }): Promise<QueueModel[]> {
    return this.views.list(options.auth.companyId);
  }

  show(options: { auth: AuthContext; queueId: number }): Promise<QueueModel> {
    return this.views.show(options.auth.companyId, options.queueId);
  }

  /** POST /queue: within the plan's queues; without `schedules` the queue gets the default week. */
  async create(options: { auth: AuthContext; input: CreateQueueInput }): Promise<QueueModel> {
    const { auth } = options;
    const { chatbots, schedules, ...fields } = options.input;
    const created = await this.translateConflicts(() =>
      this.tenancy.transaction(auth.companyId, async (trx) => {
        // Counted and inserted under the company's lock: parallel creations cannot pass the plan together.
        await this.planLimits.assertCanCreate(trx, 'queues');
        await this.assertTargets(trx, fields);
        await this.assertUnique(trx, fields);
        const queue = await trx.insert<QueueModel>(QueueModel, {
          ...definedOnly(fields),
          schedules: schedules ?? defaultServiceHours(),
        } as Partial<QueueModel>);
        if (chatbots) await this.replaceMenu(trx, queue.id, chatbots);
        return queue;
      }),
    );
    const queue = await this.views.show(auth.companyId, created.id);
    this.views.announce(auth.companyId, { action: 'create', queue });
    return queue;
  }

  /** PUT /queue/:id: the fields sent; `chatbots`, when sent, replaces the whole menu. */
  async update(options: { auth: AuthContext; queueId: number; input: UpdateQueueInput }): Promise<QueueModel> {
    const { auth, queueId } = options;
    const { chatbots, ...fields } = options.input;
    await this.translateConflicts(() =>
      this.tenancy.transaction(auth.companyId, async (trx) => {
        await trx.findOrFail<QueueModel>(QueueModel, queueId, QUEUE_NOT_FOUND);
        await this.assertTargets(trx, fields);
        await this.assertUnique(trx, fields, queueId);
        const patch = definedOnly(fields) as Partial<QueueModel>;
        if (Object.keys(patch).length > 0) await trx.query<QueueModel>(QueueModel).patch(patch).where('queues.id', queueId);
        if (chatbots) await this.replaceMenu(trx, queueId, chatbots);
      }),
    );
    const queue = await this.views.show(auth.companyId, queueId);
    this.views.announce(auth.companyId, { action: 'update', queue });
    return queue;
  }

  /**
   * DELETE /queue/:id: its menu and user and connection links go with it; its tickets, messages and campaigns stay,
   * without a queue (foreign keys SET NULL).
   */
  async remove(options: { auth: AuthContext; queueId: number }): Promise<void> {
    const { auth, queueId } = options;
    const deleted = await deletedRows(this.tenancy.of(auth.companyId).query<QueueModel>(QueueModel).delete().where('queues.id', queueId));
    if (deleted === 0) throw AppError.notFound(QUEUE_NOT_FOUND);
    this.views.announce(auth.companyId, { action: 'delete', queueId });
  }

  // --- helpers ---

  private replaceMenu(trx: TenantScope, queueId: number, chatbots: unknown[]): Promise<void> {
    return this.chatbot.replaceTree({ scope: trx, parent: { queueId }, options: chatbots as ChatbotOptionInput[], path: 'chatbots' });
  }

  /** The integration, file list and prompt named must be the company's (404 with each one's code otherwise). */
  private async assertTargets(scope: TenantScope, fields: Partial<Record<keyof typeof queueTargets, number | null>>): Promise<void> {
    for (const [field, target] of Object.entries(queueTargets) as [
      keyof typeof queueTargets,
      (typeof queueTargets)[keyof typeof queueTargets],
    ][]) {
      const id = fields[field];
      if (id === undefined || id === null) continue;
      const row = await scope.connection(target.table).where({ company_id: scope.companyId, id }).first('id');
      if (!row) throw AppError.notFound(target.notFound);
    }
  }

  /** Name and colour unused by the company's other queues, ignoring case; checked under a per-company lock. */
  private async assertUnique(scope: TenantScope, fields: { name?: string; color?: string }, exceptQueueId?: number): Promise<void> {
    if (fields.name === undefined && fields.color === undefined) return;
    await scope.connection.raw('select pg_advisory_xact_lock(?, ?)', [QUEUE_NAMES_LOCK, scope.companyId]);
    for (const [column, value, taken] of [
      ['name', fields.name, nameTaken],
      ['color', fields.color, colorTaken],
    ] as const) {
      if (value === undefined) continue;
      const query = scope.query<QueueModel>(QueueModel).whereRaw(`lower(queues.${column}) = ?`, [value.toLowerCase()]);
      if (exceptQueueId !== undefined) query.whereNot('queues.id', exceptQueueId);
      if (await query.first()) throw taken();
    }
  }

  /** The unique indexes (company, name) and (company, colour) back the checks up. */
  private async translateConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint = String((error as { constraint?: string }).constraint ?? (error as Error).message);
      throw constraint.includes('color') ? colorTaken() : nameTaken();
    }
  }
}
