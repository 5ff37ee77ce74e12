import { inject, injectable } from '@switchboard/sdk';
import type { Prompt } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { IntegrationCatalogue } from './integration-catalogue.js';
import { pageByName } from './named-pages.js';
import { PROMPT_INTEGRATION_TYPE, PromptModel } from './integration-records.js';
import { IntegrationSecrets, maskColumn, maskSettings } from './integration-secrets.js';
import { NO_QUEUE, PROMPT_NOT_FOUND, type CreatePromptInput, type UpdatePromptInput } from './integrations.schema.js';

/** The prompt's own columns (spec 3 §3); what the AI plugin declares beyond them is kept in `settings`. */
const COLUMNS = ['name', 'prompt', 'voice', 'voiceKey', 'voiceRegion', 'maxTokens', 'temperature', 'apiKey', 'queueId', 'maxMessages'];
const SECRET_COLUMNS = ['apiKey', 'voiceKey'] as const;
type QueueSummary = { id: number; name: string; color: string };

/**
 * AI prompts of a company (spec 3 §2.11, §7): instructions, model limits and voice for the 'openai' integration,
 * each for one of the company's queues. The API key and the voice key are sealed at rest and answered masked.
 */
@injectable()
export class PromptsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
    @inject(IntegrationCatalogue) private readonly catalogue: IntegrationCatalogue,
    @inject(IntegrationSecrets) private readonly secrets: IntegrationSecrets,
  ) {}

  /** GET /prompt: by name, a page at a time, each with its queue. */
  async page(options: { auth: AuthContext; searchParam?: string; pageNumber: number }) {
    const scope = this.tenancy.of(options.auth.companyId);
    const { rows, count, hasMore } = await pageByName(scope.query<PromptModel>(PromptModel), { ...options, table: 'prompts' });
    const queues = await this.queues(scope, rows);
    return { prompts: rows.map((row) => present(row, queues)), count, hasMore };
  }

  async show(options: { auth: AuthContext; promptId: number }): Promise<Prompt> {
    return this.presentOne(this.tenancy.of(options.auth.companyId), await this.find(options.auth.companyId, options.promptId));
  }

  async create(options: { auth: AuthContext; input: CreatePromptInput }): Promise<Prompt> {
    const { auth, input } = options;
    const scope = this.tenancy.of(auth.companyId);
    const created = await scope.insert<PromptModel>(PromptModel, await this.prepare(scope, input, undefined));
    return this.announce(scope, 'create', created);
  }

  /** PUT /prompt/:id: what is sent changes; a key sent back masked stays as stored. */
  async update(options: { auth: AuthContext; promptId: number; input: UpdatePromptInput }): Promise<Prompt> {
    const { auth, promptId, input } = options;
    const updated = await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await trx.findOrFail<PromptModel>(PromptModel, promptId, PROMPT_NOT_FOUND);
      return trx.query<PromptModel>(PromptModel).patchAndFetchById(promptId, await this.prepare(trx, input, current));
    });
    return this.announce(this.tenancy.of(auth.companyId), 'update', updated);
  }

  /** DELETE /prompt/:id: queues, connections and tickets using it let go of it. */
  async remove(options: { auth: AuthContext; promptId: number }): Promise<void> {
    const { auth, promptId } = options;
    const query = this.tenancy.of(auth.companyId).query<PromptModel>(PromptModel).delete().where('id', promptId);
    if ((await deletedRows(query)) === 0) throw AppError.notFound(PROMPT_NOT_FOUND);
    this.emit(auth.companyId, { action: 'delete', promptId });
  }

  /** The prompt a ticket is handed to, as the AI plugin reads it (keys revealed), or undefined when gone. */
  async forConversation(companyId: number, promptId: number) {
    const row = await this.tenancy.of(companyId).query<PromptModel>(PromptModel).findById(promptId);
    if (!row) return undefined;
    const config: Record<string, unknown> = {};
    for (const column of COLUMNS) config[column] = row[column as keyof PromptModel] ?? null;
    for (const column of SECRET_COLUMNS) config[column] = this.secrets.revealColumn(row[column]);
    Object.assign(config, this.secrets.revealSettings(row.settings));
    return { type: PROMPT_INTEGRATION_TYPE, name: row.name, plugin: this.catalogue.find(PROMPT_INTEGRATION_TYPE), config };
  }

  // --- helpers ---

  private async find(companyId: number, promptId: number): Promise<PromptModel> {
    return this.tenancy.of(companyId).findOrFail<PromptModel>(PromptModel, promptId, PROMPT_NOT_FOUND);
  }

  private async prepare(
    scope: TenantScope,
    input: CreatePromptInput | UpdatePromptInput,
    current: PromptModel | undefined,
  ): Promise<Partial<PromptModel>> {
    const { settings, apiKey, voiceKey, ...fields } = input;
    if (fields.queueId !== undefined && !(await scope.table('queues').where('id', fields.queueId).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: NO_QUEUE, fields: { queueId: NO_QUEUE } });
    }
    const row: Partial<PromptModel> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    row.apiKey = this.secrets.sealColumn(apiKey, current?.apiKey ?? null);
    row.voiceKey = this.secrets.sealColumn(voiceKey, current?.voiceKey ?? null);
    if (!row.apiKey) throw new AppError('ERR_VALIDATION', 400, { message: 'Obrigatório', fields: { apiKey: 'Obrigatório' } });
    const extras = this.catalogue.extraSettings(this.catalogue.find(PROMPT_INTEGRATION_TYPE), COLUMNS);
    row.settings = this.secrets.sealSettings(extras, settings ?? undefined, current?.settings);
    return row;
  }

  private async queues(scope: TenantScope, rows: PromptModel[]): Promise<Map<number, QueueSummary>> {
    const ids = [...new Set(rows.map((row) => row.queueId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const found = (await scope.table('queues').whereIn('id', ids).select('id', 'name', 'color')) as QueueSummary[];
    return new Map(found.map((queue) => [queue.id, queue]));
  }

  private async presentOne(scope: TenantScope, row: PromptModel): Promise<Prompt> {
    return present(row, await this.queues(scope, [row]));
  }

  private async announce(scope: TenantScope, action: 'create' | 'update', row: PromptModel): Promise<Prompt> {
    const view = await this.presentOne(scope, row);
    this.emit(scope.companyId, { action, prompt: view });
    return view;
  }

  private emit(companyId: number, payload: { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number }): void {
    try {
      this.realtime.emit(rooms.company(companyId), 'prompt', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a prompt change');
    }
  }
}

/** A prompt as the API answers it: keys masked, with its queue. */
function present(row: PromptModel, queues: Map<number, QueueSummary>): Prompt {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    voice: row.voice,
    voiceKey: maskColumn(row.voiceKey ?? null),
    voiceRegion: row.voiceRegion ?? null,
    maxTokens: row.maxTokens,
    temperature: Number(row.temperature),
    apiKey: maskColumn(row.apiKey ?? null),
    queueId: row.queueId ?? null,
    maxMessages: row.maxMessages,
    settings: maskSettings(row.settings),
    queue: row.queueId ? (queues.get(row.queueId) ?? null) : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
