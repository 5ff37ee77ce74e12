import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { addressField, inject, injectable } from '@switchboard/sdk';
import type { ConnectionEvent } from '@switchboard/sdk/contracts';
import type { Knex } from 'knex';
import type { AuthContext, PlanFlag } from '../../platform/auth/auth-context.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { ConversationRecords } from '../conversations/index.js';
import { PlanLimits } from '../plans/index.js';
import { ConnectionModel } from './connection.model.js';
import { sealSettings } from './connection-settings.js';
import { newConnectionToken, newPublicId, storedToken } from './connection-tokens.js';
import type { ConnectionInput, CreateConnectionInput } from './connections.schema.js';
import { SessionManager } from './session-manager.js';

const NOT_FOUND = 'ERR_NO_WAPP_FOUND';
const ACTIVE_TICKETS = ['open', 'pending', 'group'];

/** Spec 2 §9: the greeting media is an image or a video. */
const greetingMediaTypes: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'video/mp4': ['mp4'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov'],
  'video/3gpp': ['3gp'],
};

export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}

export type ConnectionAnswer = Record<string, unknown> & { id: number; queues: QueueSummary[] };

/** Channel connections: their fields, queues, default, token, greeting media and sessions (spec 2 §3, §4, §7). */
@injectable()
export class ConnectionsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(PlanLimits) private readonly limits: PlanLimits,
    @inject(SessionManager) private readonly sessions: SessionManager,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async create(options: { auth: AuthContext; input: CreateConnectionInput }): Promise<ConnectionAnswer & { token: string }> {
    const { auth, input } = options;
    if (!this.planAllows(auth, input.channel)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    if (!this.registry.channel(input.channel)) {
      throw new AppError('ERR_VALIDATION', 400, {
        message: `No plugin provides the channel ${input.channel}`,
        fields: { channel: 'Canal indisponível' },
      });
    }
    const scope = this.tenancy.of(auth.companyId);
    await this.assertReferences(scope, input);
    assertGreeting(input.queueIds ?? [], input.greetingMessage);
    const settings = this.sealedSettings(input.channel, input.settings, undefined);
    const token = newConnectionToken();
    const created = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await lockCompany(trx);
      await this.limits.assertCanCreate(trx, 'connections');
      const existingDefault = await trx.query(ConnectionModel).where('is_default', true).first();
      // The company's first connection is its default (ERR_NO_OTHER_WHATSAPP otherwise later).
      const isDefault = Boolean(input.isDefault) || !existingDefault;
      if (isDefault && existingDefault) await unsetDefault(trx);
      const { queueIds, channel, settings: _sent, ...fields } = input;
      const row = await this.saving(() =>
        trx.insert(ConnectionModel, {
          ...columns(fields),
          settings,
          channelAddress: this.addressOf(channel, settings),
          publicId: newPublicId(),
          channel,
          isDefault,
          status: 'DISCONNECTED',
          ...camel(storedToken(this.secrets, token)),
        } as Partial<ConnectionModel>),
      );
      await replaceQueues(trx, row.id, queueIds ?? []);
      return row;
    });
    const answer = await this.present(scope, created);
    this.announce(auth.companyId, { action: 'update', whatsapp: answer });
    await this.sessions.ensureStarted(created.id);
    return { ...answer, token };
  }

  /** GET /whatsapp: the company's connections with their queues (loaded in one query), never their tokens. */
  async list(options: { auth: AuthContext }): Promise<ConnectionAnswer[]> {
    const scope = this.tenancy.of(options.auth.companyId);
    const connections = await scope.query(ConnectionModel).orderBy('name');
    const queues = await queuesOf(
      scope,
      connections.map((connection) => connection.id),
    );
    return connections.map((connection) => ({ ...connection.toJSON(), queues: queues.get(connection.id) ?? [] }) as ConnectionAnswer);
  }

  /** GET /whatsapp/:id: one connection with queues, schedules, qrcode and its token in clear (the copy button). */
  async show(options: { auth: AuthContext; id: number }): Promise<ConnectionAnswer & { token: string | null }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const connection = await scope.findOrFail(ConnectionModel, options.id, NOT_FOUND);
    return { ...(await this.present(scope, connection)), token: connection.token ? this.secrets.decrypt(connection.token) : null };
  }

  /**
   * PUT /whatsapp/:id. isDefault true moves the default here; false hands it to the oldest other connection
   * (ERR_NO_OTHER_WHATSAPP when there is none). A CONNECTED connection with import enabled is disconnected first
   * (spec 2 §4), so that the import runs on the next pairing. regenerateToken answers the new token, once.
   */
  async update(options: { auth: AuthContext; id: number; input: ConnectionInput }): Promise<ConnectionAnswer & { token?: string }> {
    const { auth, id, input } = options;
    const scope = this.tenancy.of(auth.companyId);
    const current = await scope.findOrFail(ConnectionModel, id, NOT_FOUND);
    await this.assertReferences(scope, input);
    const queueIds = input.queueIds ?? (await queuesOf(scope, [id])).get(id)?.map((queue) => queue.id) ?? [];
    assertGreeting(queueIds, input.greetingMessage === undefined ? current.greetingMessage : input.greetingMessage);

    const importEnabled = (input.importOldMessages === undefined ? current.importOldMessages : input.importOldMessages) != null;
    if (current.status === 'CONNECTED' && importEnabled) await this.sessions.disconnect(id);

    const settings = input.settings === undefined ? undefined : this.sealedSettings(current.channel, input.settings, current.settings);
    const token = input.regenerateToken ? newConnectionToken() : undefined;
    const updated = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await lockCompany(trx);
      const { queueIds: requested, regenerateToken: _regenerate, isDefault, settings: _sent, ...fields } = input;
      const changes: Partial<ConnectionModel> = {
        ...columns(fields),
        ...(settings ? { settings, channelAddress: this.addressOf(current.channel, settings) } : {}),
      };
      if (token) Object.assign(changes, camel(storedToken(this.secrets, token)));
      let successor: ConnectionModel | undefined;
      if (isDefault === true && !current.isDefault) {
        await unsetDefault(trx);
        changes.isDefault = true;
      } else if (isDefault === false && current.isDefault) {
        successor = await oldestOther(trx, id);
        if (!successor)
          throw new AppError('ERR_NO_OTHER_WHATSAPP', 400, {
            message: 'A empresa precisa de ao menos uma conexão padrão',
            fields: { isDefault: 'A empresa precisa de ao menos uma conexão padrão' },
          });
        changes.isDefault = false;
      }
      const row = await this.saving(() => trx.query(ConnectionModel).patchAndFetchById(id, changes));
      if (successor) await setDefault(trx, successor.id);
      if (requested) await replaceQueues(trx, id, requested);
      return row;
    });
    await this.records.forgetConnection(auth.companyId);
    // The running session holds the connection as it started (its token, its settings): start it anew.
    if ((token || settings) && this.sessions.isRunningHere(id)) await this.sessions.restart(id);
    const answer = await this.present(scope, updated);
    this.announce(auth.companyId, { action: 'update', whatsapp: answer });
    return token ? { ...answer, token } : answer;
  }

  /** DELETE /whatsapp/:id: logs the session out and deletes the row; tickets and messages keep their history. */
  async remove(options: { auth: AuthContext; id: number }): Promise<{ message: string }> {
    const { auth, id } = options;
    const current = await this.tenancy.of(auth.companyId).findOrFail(ConnectionModel, id, NOT_FOUND);
    await this.sessions.stop(id, { logout: true });
    await this.tenancy.transaction(auth.companyId, async (trx) => {
      await lockCompany(trx);
      await trx.query(ConnectionModel).deleteById(id);
      if (current.isDefault) {
        const successor = await oldestOther(trx, id);
        if (successor) await setDefault(trx, successor.id);
      }
    });
    await this.records.forgetConnection(auth.companyId);
    if (current.greetingMediaAttachment) await this.removeFile(current.greetingMediaAttachment);
    this.announce(auth.companyId, { action: 'delete', whatsappId: id });
    return { message: 'Whatsapp deleted.' };
  }

  /** POST /whatsapp/:id/media-upload: the greeting's image or video, under company{id}/connections/{id}/. */
  async uploadMedia(options: { auth: AuthContext; id: number; file?: Express.Multer.File }): Promise<ConnectionAnswer> {
    const { auth, id, file } = options;
    const scope = this.tenancy.of(auth.companyId);
    const current = await scope.findOrFail(ConnectionModel, id, NOT_FOUND);
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: 'Required', fields: { file: 'Required' } });
    const extension = mediaExtension(file);
    const stored = await this.media.save({
      companyId: auth.companyId,
      folder: `connections/${id}`,
      fileName: `greeting-${Date.now()}-${randomBytes(4).toString('hex')}.${extension}`,
      data: file.buffer,
    });
    let updated: ConnectionModel;
    try {
      updated = await scope.query(ConnectionModel).patchAndFetchById(id, { greetingMediaAttachment: stored.path });
    } catch (error) {
      await this.removeFile(stored.path);
      throw error;
    }
    if (current.greetingMediaAttachment && current.greetingMediaAttachment !== stored.path)
      await this.removeFile(current.greetingMediaAttachment);
    const answer = await this.present(scope, updated);
    this.announce(auth.companyId, { action: 'update', whatsapp: answer });
    return answer;
  }

  /** DELETE /whatsapp/:id/media-upload. */
  async removeMedia(options: { auth: AuthContext; id: number }): Promise<ConnectionAnswer> {
    const { auth, id } = options;
    const scope = this.tenancy.of(auth.companyId);
    const current = await scope.findOrFail(ConnectionModel, id, NOT_FOUND);
    const updated = await scope.query(ConnectionModel).patchAndFetchById(id, { greetingMediaAttachment: null });
    if (current.greetingMediaAttachment) await this.removeFile(current.greetingMediaAttachment);
    const answer = await this.present(scope, updated);
    this.announce(auth.companyId, { action: 'update', whatsapp: answer });
    return answer;
  }

  /**
   * The session routes. start: "try again" (POST /whatsappsession/:id); newQr: log out and start again, so the
   * channel shows a new code (PUT); disconnect: log out and stay DISCONNECTED until started (DELETE).
   */
  async session(options: { auth: AuthContext; id: number; action: 'start' | 'newQr' | 'disconnect' }): Promise<{ message: string }> {
    const { auth, id, action } = options;
    await this.tenancy.of(auth.companyId).findOrFail(ConnectionModel, id, NOT_FOUND);
    if (action === 'disconnect') {
      await this.sessions.disconnect(id);
      return { message: 'Session disconnected.' };
    }
    await this.sessions.connect(id, { logout: action === 'newQr' });
    return { message: 'Starting session.' };
  }

  /** POST /whatsapp-restart: every connection of the company, started again (disconnected ones too). */
  async restartAll(options: { auth: AuthContext }): Promise<{ message: string }> {
    const connections = await this.tenancy.of(options.auth.companyId).query(ConnectionModel).orderBy('id').select('id');
    for (const { id } of connections) {
      await this.sessions.connect(id).catch((error) => this.logger.error({ err: error, connectionId: id }, 'session restart failed'));
    }
    return { message: 'Whatsapp restart.' };
  }

  /** POST /closedimported/:id: closes the still active tickets a history import created on the connection. */
  async closeImported(options: { auth: AuthContext; id: number }): Promise<{ count: number }> {
    const { auth, id } = options;
    const scope = this.tenancy.of(auth.companyId);
    await scope.findOrFail(ConnectionModel, id, NOT_FOUND);
    const closed: number = await scope
      .connection('tickets')
      .where({ company_id: auth.companyId, whatsapp_id: id })
      .whereNotNull('imported_at')
      .whereIn('status', ACTIVE_TICKETS)
      .update({ status: 'closed', closed_at: new Date(), updated_at: new Date() });
    // The import is settled: the close button (statusImportMessages) goes away.
    await scope.connection('connections').where({ company_id: auth.companyId, id }).update({ status_import_messages: null });
    this.realtime.emit(rooms.company(auth.companyId), 'importMessages', { action: 'refresh', whatsappId: id });
    return { count: closed };
  }

  /**
   * POST /facebook: the channel turns a Facebook login into its page connections (and Instagram accounts when
   * asked); a page already connected gets its new settings instead of a second connection.
   */
  async provision(options: { auth: AuthContext; channel: string; input: Record<string, unknown> }): Promise<ConnectionAnswer[]> {
    const { auth, channel } = options;
    if (!this.planAllows(auth, channel)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    const contribution = this.registry.channel(channel);
    if (!contribution?.provision) throw new AppError('ERR_VALIDATION', 400, { message: `No plugin provides the channel ${channel}` });
    const provisioned = await contribution.provision(options.input);
    const scope = this.tenancy.of(auth.companyId);
    const answers: ConnectionAnswer[] = [];
    for (const account of provisioned) {
      // An account of a channel without its plugin (instagram not installed) or outside the plan is left out.
      if (!this.registry.channel(account.channel) || !this.planAllows(auth, account.channel)) continue;
      // The company's own connection of the account is refreshed; another company's is a conflict (create refuses it).
      const existing = await scope
        .query(ConnectionModel)
        .where({ channel: account.channel, channel_address: String(account.settings[account.keyField] ?? '') })
        .first();
      if (existing) answers.push(await this.update({ auth, id: existing.id, input: { name: existing.name, settings: account.settings } }));
      else answers.push(await this.create({ auth, input: { name: account.name, channel: account.channel, settings: account.settings } }));
    }
    return answers;
  }

  // --- helpers ---

  /**
   * Whether the company's plan has the flag the channel's plugin names in its description (DESIGN §3: no table of
   * channel names here). A channel naming none needs none; a flag plans do not have is never granted.
   */
  private planAllows(auth: AuthContext, channel: string): boolean {
    const flag = this.registry.channel(channel)?.description.planFlag;
    return !flag || auth.plan[flag as PlanFlag] === true;
  }

  /** The channel's settings checked against its plugin's description and sealed for storage. */
  private sealedSettings(channel: string, input: Record<string, unknown> | undefined, current: unknown): Record<string, unknown> {
    const fields = this.registry.channel(channel)?.description.settings ?? [];
    return sealSettings({ fields, input, current, secrets: this.secrets });
  }

  private async present(scope: TenantScope, connection: ConnectionModel): Promise<ConnectionAnswer> {
    const queues = await queuesOf(scope, [connection.id]);
    return { ...connection.toJSON(), queues: queues.get(connection.id) ?? [] } as ConnectionAnswer;
  }

  private announce(
    companyId: number,
    payload: { action: 'update'; whatsapp: ConnectionAnswer } | { action: 'delete'; whatsappId: number },
  ): void {
    // An answer is an open record here; the event map names the fields the web reads from it.
    this.realtime.emit(rooms.company(companyId), 'whatsapp', payload as Sendable<ConnectionEvent>);
  }

  /** Queues, prompt, integration and send-to queue must be the company's own. */
  private async assertReferences(
    scope: TenantScope,
    input: { queueIds?: number[]; sendIdQueue?: number | null; promptId?: number | null; integrationId?: number | null },
  ): Promise<void> {
    const fields: Record<string, string> = {};
    const queueIds = [...new Set(input.queueIds ?? [])];
    if (queueIds.length > 0 && (await countOwned(scope, 'queues', queueIds)) !== queueIds.length) fields.queueIds = 'Fila não encontrada';
    if (input.sendIdQueue && (await countOwned(scope, 'queues', [input.sendIdQueue])) !== 1) fields.sendIdQueue = 'Fila não encontrada';
    if (input.promptId && (await countOwned(scope, 'prompts', [input.promptId])) !== 1) fields.promptId = 'Prompt não encontrado';
    if (input.integrationId && (await countOwned(scope, 'queue_integrations', [input.integrationId])) !== 1)
      fields.integrationId = 'Integração não encontrada';
    const first = Object.values(fields)[0];
    if (first) throw new AppError('ERR_VALIDATION', 400, { message: first, fields });
  }

  /**
   * The value of the channel's address setting (a page id), which only one connection on the installation may hold;
   * null for channels without one.
   */
  private addressOf(channel: string, settings: Record<string, unknown>): string | null {
    const contribution = this.registry.channel(channel);
    const field = contribution ? addressField(channel, contribution.description) : undefined;
    const value = field ? settings[field.key] : undefined;
    return value === undefined || value === null || value === '' ? null : String(value);
  }

  /**
   * A channel address another connection owns (in any company: the answer names neither) and a second connection of
   * the same name in the company are conflicts.
   */
  private async saving<T>(write: () => PromiseLike<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) && violated(error, 'connections_channel_address_unique'))
        throw new AppError('ERR_CHANNEL_ADDRESS_IN_USE', 409, {
          message: 'Esta conta do canal (página ou perfil) já está conectada em outra conexão',
          fields: { settings: 'Esta conta do canal já está conectada em outra conexão' },
        });
      if (uniqueViolation(error))
        throw new AppError('ERR_CONNECTION_ALREADY_EXISTS', 409, {
          message: 'Já existe uma conexão com este nome',
          fields: { name: 'Já existe uma conexão com este nome' },
        });
      throw error;
    }
  }

  private async removeFile(mediaPath: string): Promise<void> {
    try {
      await this.media.remove(mediaPath);
    } catch (error) {
      this.logger.warn({ err: error, mediaPath }, 'could not remove a greeting media file');
    }
  }
}

/** ERR_WAPP_GREETING_REQUIRED: with more than one queue the greeting presents the menu. */
function assertGreeting(queueIds: number[], greeting: string | null | undefined): void {
  if (new Set(queueIds).size > 1 && !greeting?.trim())
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400, {
      message: 'A mensagem de saudação é obrigatória quando há mais de uma fila',
      fields: { greetingMessage: 'Required' },
    });
}

/** The form's fields as model properties (absent ones left alone). */
function columns(fields: Record<string, unknown>): Partial<ConnectionModel> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<ConnectionModel>;
}

/** Serialises default changes of one company (the partial unique index allows one default). */
async function lockCompany(trx: TenantScope): Promise<void> {
  await trx.connection('companies').where('id', trx.companyId).forUpdate().first('id');
}

async function unsetDefault(trx: TenantScope): Promise<void> {
  await trx
    .query(ConnectionModel)
    .where('is_default', true)
    .patch({ isDefault: false } as Partial<ConnectionModel>);
}

async function setDefault(trx: TenantScope, id: number): Promise<void> {
  await trx
    .query(ConnectionModel)
    .findById(id)
    .patch({ isDefault: true } as Partial<ConnectionModel>);
}

async function oldestOther(trx: TenantScope, id: number): Promise<ConnectionModel | undefined> {
  return await trx
    .query(ConnectionModel)
    .whereNot('id', id)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .first();
}

async function replaceQueues(trx: TenantScope, connectionId: number, queueIds: number[]): Promise<void> {
  await trx.connection('connection_queues').where({ company_id: trx.companyId, whatsapp_id: connectionId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length > 0)
    await trx
      .connection('connection_queues')
      .insert(unique.map((queueId) => ({ whatsapp_id: connectionId, queue_id: queueId, company_id: trx.companyId })));
}

async function queuesOf(scope: TenantScope, connectionIds: number[]): Promise<Map<number, QueueSummary[]>> {
  const byConnection = new Map<number, QueueSummary[]>();
  if (connectionIds.length === 0) return byConnection;
  const rows: (QueueSummary & { whatsapp_id: number })[] = await (scope.connection as Knex)('connection_queues as cq')
    .join('queues as q', 'q.id', 'cq.queue_id')
    .where('cq.company_id', scope.companyId)
    .whereIn('cq.whatsapp_id', connectionIds)
    .orderBy([{ column: 'q.order_queue' }, { column: 'q.name' }])
    .select('cq.whatsapp_id', 'q.id', 'q.name', 'q.color');
  for (const { whatsapp_id: connectionId, ...queue } of rows) {
    const list = byConnection.get(connectionId) ?? [];
    list.push(queue);
    byConnection.set(connectionId, list);
  }
  return byConnection;
}

async function countOwned(scope: TenantScope, table: string, ids: number[]): Promise<number> {
  const [{ count }] = await scope.connection(table).where('company_id', scope.companyId).whereIn('id', ids).count({ count: '*' });
  return Number(count);
}

function mediaExtension(file: Express.Multer.File): string {
  const mimetype = file.mimetype.toLowerCase();
  const extension = path
    .extname(file.originalname ?? '')
    .slice(1)
    .toLowerCase();
  if (!greetingMediaTypes[mimetype]?.includes(extension))
    throw new AppError('ERR_INVALID_MEDIA', 400, {
      message: 'Envie uma imagem ou um vídeo',
      fields: { file: 'Envie uma imagem ou um vídeo' },
    });
  return extension === 'jpeg' ? 'jpg' : extension;
}

/** A unique violation, raw from the driver or wrapped by objection (its UniqueViolationError keeps the native one). */
function uniqueViolation(error: unknown): boolean {
  return isUniqueViolation(error) || isUniqueViolation((error as { nativeError?: unknown })?.nativeError);
}

/** Whether a unique violation is of the named index (objection, node-postgres and PGlite name it). */
function violated(error: unknown, index: string): boolean {
  const { constraint, message } = error as { constraint?: string; message?: string };
  return constraint === index || Boolean(message?.includes(index));
}

function camel(stored: { token: string; token_hash: string }): { token: string; tokenHash: string } {
  return { token: stored.token, tokenHash: stored.token_hash };
}
