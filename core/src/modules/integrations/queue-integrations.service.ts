import { queueIntegrationSpecFields, requiredSpecFields } from '@switchboard/sdk/contracts';
import { inject, injectable, type IntegrationContribution } from '@switchboard/sdk';
import type { QueueIntegration } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { IntegrationCatalogue } from './integration-catalogue.js';
import { pageByName } from './named-pages.js';
import { QueueIntegrationModel } from './integration-records.js';
import { IntegrationSecrets, maskColumn, maskSettings, MASKED_SECRET } from './integration-secrets.js';
import {
  INTEGRATION_NOT_FOUND,
  type CreateQueueIntegrationInput,
  type TestSessionInput,
  type UpdateQueueIntegrationInput,
} from './integrations.schema.js';

/** The spec's fields of a queue integration, each a column (spec 3 §3); a plugin's other settings go in `settings`. */
const COLUMNS = ['name', ...queueIntegrationSpecFields] as const;
type Column = (typeof COLUMNS)[number];
/** An upstream's answer to a test is awaited this long. */
const TEST_TIMEOUT_MS = 30_000;

type IntegrationInput = Omit<UpdateQueueIntegrationInput, 'settings'> & { settings?: Record<string, unknown> | null };

/**
 * Queue integrations of a company (spec 3 §2.12, §7): the connectors a queue, a connection, a chatbot option or a
 * ticket hands its conversation to. The type is a loaded integration plugin's; its declared settings are checked and
 * its secrets sealed; answers and events carry them masked.
 */
@injectable()
export class QueueIntegrationsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
    @inject(IntegrationCatalogue) private readonly catalogue: IntegrationCatalogue,
    @inject(IntegrationSecrets) private readonly secrets: IntegrationSecrets,
  ) {}

  /** GET /queueIntegration: by name, a page at a time. */
  async page(options: { auth: AuthContext; searchParam?: string; pageNumber: number }) {
    const query = this.tenancy.of(options.auth.companyId).query<QueueIntegrationModel>(QueueIntegrationModel);
    const { rows, count, hasMore } = await pageByName(query, { ...options, table: 'queue_integrations' });
    return { queueIntegrations: rows.map(present), count, hasMore };
  }

  async show(options: { auth: AuthContext; integrationId: number }): Promise<QueueIntegration> {
    return present(await this.find(options.auth.companyId, options.integrationId));
  }

  async create(options: { auth: AuthContext; input: CreateQueueIntegrationInput }): Promise<QueueIntegration> {
    const { auth, input } = options;
    const row = this.prepare(input.type, input, undefined);
    const created = await this.tenancy.of(auth.companyId).insert<QueueIntegrationModel>(QueueIntegrationModel, row);
    return this.announce(auth.companyId, 'create', created);
  }

  /** PUT /queueIntegration/:id: what is sent changes; a secret sent back masked stays as stored. */
  async update(options: { auth: AuthContext; integrationId: number; input: UpdateQueueIntegrationInput }): Promise<QueueIntegration> {
    const { auth, integrationId, input } = options;
    const updated = await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await trx.findOrFail<QueueIntegrationModel>(QueueIntegrationModel, integrationId, INTEGRATION_NOT_FOUND);
      const patch = this.prepare(input.type ?? current.type, input, current);
      return trx.query<QueueIntegrationModel>(QueueIntegrationModel).patchAndFetchById(integrationId, patch);
    });
    return this.announce(auth.companyId, 'update', updated);
  }

  /** DELETE /queueIntegration/:id: queues, connections, options and tickets pointing at it let go of it. */
  async remove(options: { auth: AuthContext; integrationId: number }): Promise<void> {
    const { auth, integrationId } = options;
    const query = this.tenancy.of(auth.companyId).query<QueueIntegrationModel>(QueueIntegrationModel).delete().where('id', integrationId);
    if ((await deletedRows(query)) === 0) throw AppError.notFound(INTEGRATION_NOT_FOUND);
    this.emit(auth.companyId, { action: 'delete', integrationId });
  }

  /**
   * POST /queueIntegration/testSession: the plugin checks the settings against its upstream. The dialog's fields
   * as sent, over a saved integration's (with `id`, so its secrets need not travel back).
   */
  async testSession(options: { auth: AuthContext; input: TestSessionInput }): Promise<{ ok: boolean; message?: string }> {
    const { auth, input } = options;
    const saved = input.id ? await this.find(auth.companyId, input.id) : undefined;
    const type = input.type ?? saved?.type;
    if (!type) throw new AppError('ERR_VALIDATION', 400, { message: 'Required', fields: { type: 'Required' } });
    const plugin = this.catalogue.require(type);
    if (!plugin.testSession) {
      throw new AppError('ERR_INTEGRATION_NO_TEST', 400, { message: `The ${type} integration has no connection test` });
    }
    const config = this.configOf(plugin, { ...(saved ?? {}), ...this.prepare(type, input, saved, { checkRequired: false }) });
    try {
      const result = await plugin.testSession(config, { signal: AbortSignal.timeout(TEST_TIMEOUT_MS) });
      return { ok: result.ok, ...(result.message ? { message: withoutSecrets(result.message, plugin, config) } : {}) };
    } catch (error) {
      const message = withoutSecrets(error instanceof Error ? error.message : String(error), plugin, config);
      this.logger.warn({ companyId: auth.companyId, type, reason: message }, 'queue integration test failed');
      throw new AppError('ERR_INTEGRATION_UNREACHABLE', 502, { message });
    }
  }

  /** The integration a ticket is handed to, as its plugin reads it (secrets revealed), or undefined when gone. */
  async forConversation(companyId: number, integrationId: number) {
    const row = await this.tenancy.of(companyId).query<QueueIntegrationModel>(QueueIntegrationModel).findById(integrationId);
    if (!row) return undefined;
    const plugin = this.catalogue.find(row.type);
    return { type: row.type, name: row.name, plugin, config: plugin ? this.configOf(plugin, row) : {} };
  }

  // --- helpers ---

  private async find(companyId: number, integrationId: number): Promise<QueueIntegrationModel> {
    return this.tenancy.of(companyId).findOrFail<QueueIntegrationModel>(QueueIntegrationModel, integrationId, INTEGRATION_NOT_FOUND);
  }

  /**
   * The columns to write: the type checked against the loaded plugins, the spec's rules and the plugin's required
   * fields over the integration as it will be, secrets sealed, the plugin's other settings in `settings`.
   */
  private prepare(
    type: string,
    input: IntegrationInput,
    current: QueueIntegrationModel | undefined,
    options: { checkRequired: boolean } = { checkRequired: true },
  ): Partial<QueueIntegrationModel> {
    const plugin = this.catalogue.require(type);
    const row: Partial<QueueIntegrationModel> = { type };
    for (const column of COLUMNS) {
      const value = input[column];
      if (value !== undefined && column !== 'jsonContent') (row as Record<Column, unknown>)[column] = value;
    }
    const jsonContent = this.secrets.sealColumn(input.jsonContent, current?.jsonContent ?? null);
    if (jsonContent !== (current?.jsonContent ?? null)) row.jsonContent = jsonContent;
    row.settings = this.secrets.sealSettings(this.catalogue.extraSettings(plugin, COLUMNS), input.settings ?? undefined, current?.settings);
    if (options.checkRequired) checkRequired(plugin, { ...current, ...row });
    return row;
  }

  /** The settings handed to the plugin: the spec's fields and its own settings, secrets revealed. */
  private configOf(plugin: IntegrationContribution, row: Partial<QueueIntegrationModel>): Record<string, unknown> {
    const config: Record<string, unknown> = { type: plugin.type };
    for (const column of COLUMNS) config[column] = row[column] ?? null;
    config.jsonContent = this.secrets.revealColumn(row.jsonContent ?? null);
    return { ...config, ...this.secrets.revealSettings(row.settings) };
  }

  private announce(companyId: number, action: 'create' | 'update', row: QueueIntegrationModel): QueueIntegration {
    const view = present(row);
    this.emit(companyId, { action, queueIntegration: view });
    return view;
  }

  private emit(
    companyId: number,
    payload: { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number },
  ): void {
    try {
      this.realtime.emit(rooms.company(companyId), 'queueIntegration', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a queue integration change');
    }
  }
}

/** Spec 3 §5 and the plugin's own required fields, over the integration as it will be stored. */
function checkRequired(plugin: IntegrationContribution, row: Partial<QueueIntegrationModel>): void {
  const required = new Set<string>(plugin.description.settings.filter((field) => field.required).map((field) => field.key));
  for (const key of requiredSpecFields(plugin.type)) required.add(key);
  const fields: Record<string, string> = {};
  for (const key of required) {
    if (!(COLUMNS as readonly string[]).includes(key)) continue; // settings are checked by sealSettings
    const value = row[key as Column];
    if (value === undefined || value === null || value === '') fields[key] = 'Required';
  }
  const first = Object.keys(fields)[0];
  if (first) throw new AppError('ERR_VALIDATION', 400, { message: `${first}: Required`, fields });
}

/** A queue integration as the API answers it: secrets masked. */
function present(row: QueueIntegrationModel): QueueIntegration {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    projectName: row.projectName ?? null,
    jsonContent: maskColumn(row.jsonContent ?? null),
    language: row.language ?? null,
    urlN8N: row.urlN8N ?? null,
    typebotSlug: row.typebotSlug ?? null,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish ?? null,
    typebotKeywordRestart: row.typebotKeywordRestart ?? null,
    typebotUnknownMessage: row.typebotUnknownMessage ?? null,
    typebotRestartMessage: row.typebotRestartMessage ?? null,
    settings: maskSettings(row.settings),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** An upstream's words, with any secret of the settings that it may have repeated masked. */
export function withoutSecrets(text: string, plugin: IntegrationContribution, config: Record<string, unknown>): string {
  const secretKeys = ['jsonContent', 'apiKey', 'voiceKey', ...plugin.description.settings.filter((f) => f.secret).map((f) => f.key)];
  let clean = text;
  for (const key of secretKeys) {
    const value = config[key];
    if (typeof value === 'string' && value.length >= 4) clean = clean.split(value).join(MASKED_SECRET);
  }
  return clean;
}
