import { randomBytes } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import type { Campaign } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { Clock } from '../../platform/clock.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignLauncher } from './campaign-launcher.js';
import { campaignView, connectionIdsOf, messageTexts, type CampaignNames, type CampaignReport, type CampaignRow } from './campaign-view.js';
import {
  CAMPAIGNS_PAGE_SIZE,
  MESSAGE_SLOTS,
  scheduledInstant,
  type SaveCampaignInput,
  type UpdateCampaignInput,
} from './campaigns.schema.js';

const NOT_FOUND = 'ERR_NO_CAMPAIGN_FOUND';
/** Spec 3 §4: a scheduled campaign stays editable while it is more than an hour away. */
const EDIT_LEAD_MS = 60 * 60_000;
const MESSAGE_COLUMNS = MESSAGE_SLOTS.flatMap((slot) => [`message${slot}`, `confirmation_message${slot}`]);

/**
 * Campaigns (spec 3 §2.5, §3, §4 "Campaign status", §7 "Campaigns") within the caller's company. Saving with
 * scheduledAt makes a campaign PROGRAMADA and the dispatcher starts it then; cancel and restart move it between
 * EM_ANDAMENTO and CANCELADA; the form's editing rules hold here too (409 ERR_CAMPAIGN_NOT_EDITABLE).
 */
@injectable()
export class CampaignService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(CampaignLauncher) private readonly launcher: CampaignLauncher,
    @inject(CampaignEvents) private readonly events: CampaignEvents,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** GET /campaigns: 20 a page, newest first, searched by name. */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    pageNumber: number;
  }): Promise<{ records: Campaign[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.table<CampaignRow>('campaigns');
    if (options.searchParam) query.whereRaw('campaigns.name ilike ?', [containsPattern(options.searchParam)]);
    const offset = (options.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
    const [counted, rows] = await Promise.all([
      query.clone().count({ n: '*' }),
      query.clone().orderBy('id', 'desc').limit(CAMPAIGNS_PAGE_SIZE).offset(offset).select('*'),
    ]);
    const count = Number(counted[0]?.n ?? 0);
    const names = await this.names(scope, rows);
    return { records: rows.map((row) => campaignView(row, names(row))), count, hasMore: offset + rows.length < count };
  }

  /** GET /campaigns/:id: the campaign with its report counts and each recipient's shipping times (spec 3 §2.6). */
  async show(options: { auth: AuthContext; campaignId: number }): Promise<Campaign> {
    const scope = this.tenancy.of(options.auth.companyId);
    const campaign = await this.present(scope, options.campaignId);
    const shipping = await scope
      .table('campaign_shippings')
      .where('campaign_id', options.campaignId)
      .orderBy('id')
      .select({ deliveredAt: 'delivered_at', confirmationRequestedAt: 'confirmation_requested_at', confirmedAt: 'confirmed_at' });
    return { ...campaign, shipping };
  }

  async create(options: { auth: AuthContext; input: SaveCampaignInput }): Promise<Campaign> {
    const scope = this.tenancy.of(options.auth.companyId);
    const values = await this.values(scope, options.input);
    const [row] = await scope
      .insertInto('campaigns', { ...values, status: values.scheduled_at ? 'PROGRAMADA' : 'INATIVA' })
      .returning('id');
    const campaign = await this.present(scope, row.id);
    this.events.changed(options.auth.companyId, 'create', campaign);
    return campaign;
  }

  /**
   * PUT /campaigns/:id. Editable when INATIVA, or PROGRAMADA more than an hour ahead (scheduledAt then decides
   * between PROGRAMADA and INATIVA again); when CANCELADA only its messages may change; otherwise nothing.
   */
  async update(options: { auth: AuthContext; campaignId: number; input: UpdateCampaignInput }): Promise<Campaign> {
    await this.tenancy.transaction(options.auth.companyId, async (trx) => {
      const current = await this.locked(trx, options.campaignId);
      const values = await this.values(trx, options.input, current);
      let patch: Record<string, unknown>;
      if (this.editable(current)) {
        patch = { ...values, status: values.scheduled_at === null ? 'INATIVA' : values.scheduled_at ? 'PROGRAMADA' : current.status };
        if (patch.status === 'PROGRAMADA' && !(values.scheduled_at ?? current.scheduled_at)) patch.status = 'INATIVA';
      } else if (current.status === 'CANCELADA') {
        const changed = Object.keys(values).filter(
          (column) => !MESSAGE_COLUMNS.includes(column) && !sameValue(values[column], current[column as keyof CampaignRow]),
        );
        if (changed.length > 0) throw notEditable('Uma campanha cancelada só pode ter as mensagens alteradas');
        patch = Object.fromEntries(Object.entries(values).filter(([column]) => MESSAGE_COLUMNS.includes(column)));
      } else {
        throw notEditable('Esta campanha não pode mais ser alterada');
      }
      await trx
        .table('campaigns')
        .where('id', current.id)
        .update({ ...patch, updated_at: new Date() });
    });
    return this.announce(options.auth.companyId, options.campaignId);
  }

  async remove(options: { auth: AuthContext; campaignId: number }): Promise<void> {
    const scope = this.tenancy.of(options.auth.companyId);
    const [row] = await scope.table<CampaignRow>('campaigns').where('id', options.campaignId).delete().returning('*');
    if (!row) throw AppError.notFound(NOT_FOUND);
    if (row.media_path) await this.removeFile(row.media_path);
    this.events.deleted(options.auth.companyId, row.id);
  }

  /** POST /campaigns/:id/cancel: only a running campaign (EM_ANDAMENTO) is cancelled; its pending sends stop. */
  async cancel(options: { auth: AuthContext; campaignId: number }): Promise<Campaign> {
    await this.transition(options, 'EM_ANDAMENTO', 'CANCELADA', 'Só uma campanha em andamento pode ser cancelada');
    return this.announce(options.auth.companyId, options.campaignId);
  }

  /** POST /campaigns/:id/restart: only a cancelled campaign goes on, its remaining recipients paced again from now. */
  async restart(options: { auth: AuthContext; campaignId: number }): Promise<Campaign> {
    await this.tenancy.transaction(options.auth.companyId, async (trx) => {
      const current = await this.locked(trx, options.campaignId);
      if (current.status !== 'CANCELADA') {
        throw new AppError('ERR_CAMPAIGN_NOT_CANCELLED', 409, { message: 'Só uma campanha cancelada pode ser reiniciada' });
      }
      await this.launcher.resume({ scope: trx, campaign: current, start: this.clock.now() });
    });
    return this.announce(options.auth.companyId, options.campaignId);
  }

  /** POST /campaigns/:id/media-upload: the file sent with each message (replacing the previous one). */
  async attachMedia(options: { auth: AuthContext; campaignId: number; file?: Express.Multer.File }): Promise<Campaign> {
    const scope = this.tenancy.of(options.auth.companyId);
    const current = await this.present(scope, options.campaignId);
    const file = options.file;
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: 'Obrigatório', fields: { file: 'Obrigatório' } });
    if (!this.editable(rowLike(current))) throw notEditable('Esta campanha não pode mais ser alterada');
    const mediaName = (file.originalname || 'arquivo').slice(0, 255);
    const stored = await this.media.save({
      companyId: options.auth.companyId,
      folder: 'campaigns',
      fileName: `${current.id}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}-${mediaName}`,
      data: file.buffer,
    });
    const [previous] = await scope
      .table<CampaignRow>('campaigns')
      .where('id', current.id)
      .update({
        media_path: stored.path,
        media_name: mediaName,
        media_mime_type: file.mimetype || 'application/octet-stream',
        updated_at: new Date(),
      })
      .returning('*');
    if (!previous) {
      await this.removeFile(stored.path);
      throw AppError.notFound(NOT_FOUND);
    }
    if (current.mediaPath && current.mediaPath !== stored.path) await this.removeFile(current.mediaPath);
    return this.announce(options.auth.companyId, current.id);
  }

  /** DELETE /campaigns/:id/media-upload. */
  async detachMedia(options: { auth: AuthContext; campaignId: number }): Promise<Campaign> {
    const scope = this.tenancy.of(options.auth.companyId);
    const current = await this.present(scope, options.campaignId);
    if (!this.editable(rowLike(current))) throw notEditable('Esta campanha não pode mais ser alterada');
    await scope
      .table('campaigns')
      .where('id', current.id)
      .update({ media_path: null, media_name: null, media_mime_type: null, updated_at: new Date() });
    if (current.mediaPath) await this.removeFile(current.mediaPath);
    return this.announce(options.auth.companyId, current.id);
  }

  /** The campaign as the API shows it, with its report counts. */
  async present(scope: TenantScope, campaignId: number): Promise<Campaign> {
    const row = await scope.table<CampaignRow>('campaigns').where('id', campaignId).first();
    if (!row) throw AppError.notFound(NOT_FOUND);
    const [names, report] = await Promise.all([this.names(scope, [row]), this.report(scope, row)]);
    return campaignView(row, names(row), report);
  }

  /** Tells the company's screens the campaign changed (the dispatcher's progress too); answers what it sent. */
  async announce(companyId: number, campaignId: number): Promise<Campaign> {
    const campaign = await this.present(this.tenancy.of(companyId), campaignId);
    this.events.changed(companyId, 'update', campaign);
    return campaign;
  }

  // --- helpers ---

  private editable(row: Pick<CampaignRow, 'status' | 'scheduled_at'>): boolean {
    if (row.status === 'INATIVA') return true;
    return (
      row.status === 'PROGRAMADA' &&
      Boolean(row.scheduled_at) &&
      new Date(row.scheduled_at!).getTime() - this.clock.now().getTime() > EDIT_LEAD_MS
    );
  }

  private async transition(options: { auth: AuthContext; campaignId: number }, from: string, to: string, refusal: string): Promise<void> {
    const updated = await this.tenancy
      .of(options.auth.companyId)
      .table('campaigns')
      .where({ id: options.campaignId, status: from })
      .update({ status: to, updated_at: new Date() });
    if (updated > 0) return;
    await this.present(this.tenancy.of(options.auth.companyId), options.campaignId);
    throw new AppError(to === 'CANCELADA' ? 'ERR_CAMPAIGN_NOT_RUNNING' : 'ERR_CAMPAIGN_NOT_CANCELLED', 409, { message: refusal });
  }

  private async locked(trx: TenantScope, campaignId: number): Promise<CampaignRow> {
    const row = await trx.table<CampaignRow>('campaigns').where('id', campaignId).forUpdate().first();
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  /** The input as columns, each referenced list, tag and connection checked to be the company's. */
  private async values(scope: TenantScope, input: UpdateCampaignInput, current?: CampaignRow): Promise<Record<string, unknown>> {
    const values: Record<string, unknown> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.confirmation !== undefined) values.confirmation = input.confirmation;
    for (const slot of MESSAGE_SLOTS) {
      if (input[`message${slot}`] !== undefined) values[`message${slot}`] = input[`message${slot}`];
      if (input[`confirmationMessage${slot}`] !== undefined) values[`confirmation_message${slot}`] = input[`confirmationMessage${slot}`];
    }
    if (input.scheduledAt !== undefined) {
      // The time the admin typed is the company's wall time (companies.timezone, DESIGN §4).
      const company = (await scope.company().first('timezone')) as { timezone?: string } | undefined;
      values.scheduled_at = scheduledInstant(input.scheduledAt, company?.timezone || DEFAULT_TIME_ZONE);
    }
    if (input.contactListId !== undefined) {
      if (input.contactListId)
        await this.mustExist(scope, 'contact_lists', input.contactListId, 'contactListId', 'ERR_NO_CONTACT_LIST_FOUND');
      values.contact_list_id = input.contactListId;
    }
    if (input.tagListId !== undefined) {
      if (input.tagListId) await this.mustExist(scope, 'tags', input.tagListId, 'tagListId', 'ERR_NO_TAG_FOUND');
      values.tag_list_id = input.tagListId;
    }
    if (input.fileListId !== undefined) {
      if (input.fileListId) await this.mustExist(scope, 'files', input.fileListId, 'fileListId', 'ERR_NO_FILE_FOUND');
      values.file_list_id = input.fileListId;
    }
    if (input.whatsappId !== undefined) {
      const ids = [...new Set(input.whatsappId)];
      const found = ids.length ? await scope.table('connections').whereIn('id', ids).pluck('id') : [];
      if (found.length !== ids.length) invalid('whatsappId', 'Conexão inválida');
      values.whatsapp_ids = JSON.stringify(ids);
      values.whatsapp_id = ids[0] ?? null;
    }
    const merged = { ...current, ...values } as CampaignRow;
    if (merged.scheduled_at && current?.status !== 'CANCELADA') assertLaunchable(merged);
    return values;
  }

  private async mustExist(scope: TenantScope, table: string, id: number, field: string, code: string): Promise<void> {
    const row = await scope.table(table).where('id', id).first('id');
    if (!row) throw new AppError(code, 404, { fields: { [field]: 'Não encontrado' } });
  }

  /** The names of the lists, tags and connections the rows point at, in three queries whatever the rows. */
  private async names(scope: TenantScope, rows: CampaignRow[]): Promise<(row: CampaignRow) => CampaignNames> {
    const ids = (pick: (row: CampaignRow) => (number | null)[]) => [
      ...new Set(rows.flatMap(pick).filter((id): id is number => Boolean(id))),
    ];
    const read = async (table: string, wanted: number[]) =>
      wanted.length ? await scope.table<{ id: number; name: string }>(table).whereIn('id', wanted).select('id', 'name') : [];
    const [lists, tags, connections] = await Promise.all([
      read(
        'contact_lists',
        ids((row) => [row.contact_list_id]),
      ),
      read(
        'tags',
        ids((row) => [row.tag_list_id]),
      ),
      read(
        'connections',
        ids((row) => connectionIdsOf(row)),
      ),
    ]);
    return (row) => ({
      contactList: lists.find((list) => list.id === row.contact_list_id) ?? null,
      tagList: tags.find((tag) => tag.id === row.tag_list_id) ?? null,
      whatsapps: connections,
    });
  }

  /** Counts over the shipping rows once launched; before, the audience's WhatsApp-valid recipients. */
  private async report(scope: TenantScope, row: CampaignRow): Promise<CampaignReport> {
    type Counts = { recipients: number; requested: number; confirmed: number; delivered: number; failed: number };
    const counts: Counts = await scope
      .table('campaign_shippings')
      .where('campaign_id', row.id)
      .first(
        scope.raw('count(*)::int as recipients'),
        scope.raw('(count(*) filter (where confirmation_requested_at is not null))::int as requested'),
        scope.raw('(count(*) filter (where confirmed_at is not null))::int as confirmed'),
        scope.raw('(count(*) filter (where delivered_at is not null))::int as delivered'),
        scope.raw('(count(*) filter (where last_error is not null))::int as failed'),
      );
    const launched = row.status !== 'INATIVA' && row.status !== 'PROGRAMADA';
    return {
      validContacts: launched ? counts.recipients : await this.launcher.audienceSize({ scope, campaign: row }),
      confirmationRequested: counts.requested,
      confirmationReceived: counts.confirmed,
      delivered: counts.delivered,
      failed: counts.failed,
    };
  }

  private async removeFile(mediaPath: string): Promise<void> {
    await this.media
      .remove(mediaPath)
      .catch((error: unknown) => this.logger.warn({ err: error, mediaPath }, 'could not remove a campaign file'));
  }
}

/** A scheduled campaign must be able to run: an audience, a connection, a message (and a confirmation one if asked). */
function assertLaunchable(row: CampaignRow): void {
  if (!row.contact_list_id && !row.tag_list_id) invalid('contactListId', 'Escolha uma lista de contatos ou uma tag');
  if (connectionIdsOf(row).length === 0) invalid('whatsappId', 'Escolha ao menos uma conexão');
  if (messageTexts(row, 'message').length === 0) invalid('message1', 'Escreva ao menos uma mensagem');
  if (row.confirmation && messageTexts(row, 'confirmation_message').length === 0) {
    invalid('confirmationMessage1', 'Escreva ao menos uma mensagem de confirmação');
  }
}

function invalid(field: string, message: string): never {
  throw new AppError('ERR_VALIDATION', 400, { message, fields: { [field]: message } });
}

function notEditable(message: string): AppError {
  return new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409, { message });
}

function sameValue(given: unknown, stored: unknown): boolean {
  const normal = (value: unknown) =>
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string' && value.startsWith('[')
        ? value
        : value == null
          ? null
          : JSON.stringify(value);
  if (given instanceof Date || stored instanceof Date)
    return given != null && stored != null && new Date(given as Date).getTime() === new Date(stored as Date).getTime();
  return normal(given) === normal(stored);
}

function rowLike(campaign: Campaign): Pick<CampaignRow, 'status' | 'scheduled_at'> {
  return { status: campaign.status, scheduled_at: campaign.scheduledAt ? new Date(campaign.scheduledAt) : null };
}
