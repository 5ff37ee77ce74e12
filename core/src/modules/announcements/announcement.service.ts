import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inject, injectable } from '@switchboard/sdk';
import type { Announcement, AnnouncementEvent } from '@switchboard/sdk/contracts';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { AnnouncementModel } from './announcement.model.js';
import {
  ACTIVE_ANNOUNCEMENTS_LIMIT,
  ANNOUNCEMENTS_PAGE_SIZE,
  type CreateAnnouncementInput,
  type UpdateAnnouncementInput,
} from './announcements.schema.js';

export const ANNOUNCEMENT_NOT_FOUND = 'ERR_NO_ANNOUNCEMENT_FOUND';

/** An announcement as the API answers it and the `announcement` event carries it. */
export type AnnouncementView = Sendable<Announcement>;

/** An image chosen for an announcement (spec 3 §5: .png, .jpg, .jpeg). */
export interface AnnouncementImage {
  fileName: string;
  data: Buffer;
}

/** The image kinds accepted, told by their first bytes (never by the name or the declared type alone). */
const imageKinds = [
  { extensions: ['.png'], type: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extensions: ['.jpg', '.jpeg'], type: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
];

/** The MIME type of a stored announcement image, from its extension (only accepted kinds are ever stored). */
export function announcementImageType(mediaPath: string): string {
  const extension = path.extname(mediaPath).toLowerCase();
  return imageKinds.find((kind) => kind.extensions.includes(extension))?.type ?? 'application/octet-stream';
}

/**
 * Announcements (spec 3 §2.8, §3): written by the super user, their active ones read by every signed-in user in the
 * top bar's popover. All rows live in company 1's scope; the image is stored under company1/announcements/{id}/.
 * Every change is told live to every connected user of every company (the `announcement` event).
 */
@injectable()
export class AnnouncementService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  private get platform(): TenantScope {
    return this.tenancy.of(SUPER_COMPANY_ID);
  }

  /** Highest priority first (1 Alta), then newest: the order of the page and of the popover (index 0026). */
  private ordered(scope: TenantScope) {
    return scope.query(AnnouncementModel).orderBy('priority').orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  /** GET /announcements: a page of 20, searched in the title (case-insensitive, one small table). */
  async page(options: {
    searchParam: string;
    pageNumber: number;
  }): Promise<{ records: AnnouncementView[]; count: number; hasMore: boolean }> {
    const query = this.ordered(this.platform);
    if (options.searchParam) query.whereRaw('lower(title) like ?', [containsPattern(options.searchParam.toLowerCase())]);
    const offset = (options.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
    const [count, rows] = await Promise.all([
      query.clone().clearOrder().resultSize(),
      query.clone().limit(ANNOUNCEMENTS_PAGE_SIZE).offset(offset),
    ]);
    return { records: rows.map(view), count, hasMore: offset + rows.length < count };
  }

  /** GET /announcements/active: the popover's active announcements, highest priority then newest, at most 20. */
  async active(): Promise<AnnouncementView[]> {
    const rows = await this.ordered(this.platform).where('status', true).limit(ACTIVE_ANNOUNCEMENTS_LIMIT);
    return rows.map(view);
  }

  async show(options: { announcementId: number }): Promise<AnnouncementView> {
    return view(await this.platform.findOrFail(AnnouncementModel, options.announcementId, ANNOUNCEMENT_NOT_FOUND));
  }

  async create(options: { input: CreateAnnouncementInput }): Promise<AnnouncementView> {
    const { title, text, priority, status } = options.input;
    const created = view(
      await this.platform.insert(AnnouncementModel, {
        title,
        text,
        priority: priority as 1 | 2 | 3,
        status,
        mediaPath: null,
        mediaName: null,
      }),
    );
    this.announce({ action: 'create', record: created });
    return created;
  }

  async update(options: { announcementId: number; input: UpdateAnnouncementInput }): Promise<AnnouncementView> {
    const patch = Object.fromEntries(
      Object.entries(options.input).filter(([, value]) => value !== undefined),
    ) as Partial<AnnouncementModel>;
    const updated = await this.platform.query(AnnouncementModel).patchAndFetchById(options.announcementId, patch);
    if (!updated) throw AppError.notFound(ANNOUNCEMENT_NOT_FOUND);
    const record = view(updated);
    this.announce({ action: 'update', record });
    return record;
  }

  async remove(options: { announcementId: number }): Promise<void> {
    const current = await this.platform.findOrFail(AnnouncementModel, options.announcementId, ANNOUNCEMENT_NOT_FOUND);
    const deleted = await deletedRows(this.platform.query(AnnouncementModel).delete().where('id', current.id));
    if (deleted === 0) throw AppError.notFound(ANNOUNCEMENT_NOT_FOUND);
    await this.removeFile(current.mediaPath);
    this.announce({ action: 'delete', id: current.id });
  }

  /**
   * POST /announcements/:id/media-upload: the image replaces the one the announcement had. Only a .png, .jpg or .jpeg
   * whose bytes are that kind of image is accepted (400 otherwise); it is stored under a name of ours, its own name
   * kept as mediaName.
   */
  async attachImage(options: { announcementId: number; image: AnnouncementImage | undefined }): Promise<AnnouncementView> {
    const current = await this.platform.findOrFail(AnnouncementModel, options.announcementId, ANNOUNCEMENT_NOT_FOUND);
    const { image } = options;
    if (!image) throw invalidFile('Obrigatório');
    const extension = path.extname(image.fileName).toLowerCase();
    const kind = imageKinds.find((candidate) => candidate.extensions.includes(extension));
    if (!kind || !startsWith(image.data, kind.signature)) throw invalidFile('Apenas imagens .png, .jpg ou .jpeg');
    const stored = await this.media.save({
      companyId: SUPER_COMPANY_ID,
      folder: `announcements/${current.id}`,
      fileName: `${randomBytes(8).toString('hex')}${extension}`,
      data: image.data,
    });
    let updated: AnnouncementModel | undefined;
    try {
      updated = await this.platform
        .query(AnnouncementModel)
        .patchAndFetchById(current.id, { mediaPath: stored.path, mediaName: image.fileName });
    } catch (error) {
      await this.removeFile(stored.path);
      throw error;
    }
    if (!updated) {
      await this.removeFile(stored.path);
      throw AppError.notFound(ANNOUNCEMENT_NOT_FOUND);
    }
    await this.removeFile(current.mediaPath);
    const record = view(updated);
    this.announce({ action: 'update', record });
    return record;
  }

  /** DELETE /announcements/:id/media-upload: the announcement keeps no image. */
  async removeImage(options: { announcementId: number }): Promise<AnnouncementView> {
    const current = await this.platform.findOrFail(AnnouncementModel, options.announcementId, ANNOUNCEMENT_NOT_FOUND);
    const updated = await this.platform.query(AnnouncementModel).patchAndFetchById(current.id, { mediaPath: null, mediaName: null });
    if (!updated) throw AppError.notFound(ANNOUNCEMENT_NOT_FOUND);
    await this.removeFile(current.mediaPath);
    const record = view(updated);
    this.announce({ action: 'update', record });
    return record;
  }

  /**
   * The stored image of an announcement, for GET /announcements/:id/media: every signed-in user reads an active
   * one's, only the super user an inactive one's (anyone else gets 404, as for a missing one).
   */
  async image(options: { announcementId: number; super: boolean }): Promise<{ file: string; type: string }> {
    const current = await this.platform.findOrFail(AnnouncementModel, options.announcementId, ANNOUNCEMENT_NOT_FOUND);
    if (!current.mediaPath || (!current.status && !options.super)) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
    if (!(await this.media.exists(current.mediaPath))) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
    return { file: this.media.absolutePath(current.mediaPath), type: announcementImageType(current.mediaPath) };
  }

  // --- helpers ---

  private async removeFile(mediaPath: string | null): Promise<void> {
    if (!mediaPath) return;
    try {
      await this.media.remove(mediaPath);
    } catch (error) {
      this.logger.warn({ err: error, mediaPath }, 'could not remove an announcement image');
    }
  }

  /**
   * Tells every connected user of every company (every socket of the app's namespace is a signed-in user: the
   * handshake checks the token). An inactive announcement reaches the super company whole and the others as deleted.
   */
  private announce(event: Sendable<AnnouncementEvent>): void {
    try {
      const superRooms = [rooms.company(SUPER_COMPANY_ID), rooms.masked(rooms.company(SUPER_COMPANY_ID))];
      if (event.action !== 'delete' && !event.record.status) {
        this.realtime.emit(rooms.company(SUPER_COMPANY_ID), 'announcement', event);
        const withdrawn: Sendable<AnnouncementEvent> = { action: 'delete', id: event.record.id };
        this.realtime.io.except(superRooms).emit('announcement', withdrawn);
        return;
      }
      this.realtime.io.emit('announcement', event);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce an announcement change');
    }
  }
}

function view(row: AnnouncementModel): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function startsWith(data: Buffer, signature: number[]): boolean {
  return data.length >= signature.length && signature.every((byte, index) => data[index] === byte);
}

function invalidFile(message: string): AppError {
  return new AppError('ERR_VALIDATION', 400, { message, fields: { file: message } });
}
