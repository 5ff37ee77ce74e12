import { inject, injectable } from '@switchboard/sdk';
import { signedIn, superOnly } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { ANNOUNCEMENT_NOT_FOUND, AnnouncementService } from './announcement.service.js';
import {
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  announcementSearchSchema,
  createAnnouncementSchema,
  updateAnnouncementSchema,
} from './announcements.schema.js';

/** A stored image is never a page of ours: no script, no plugin, no form, even if opened on its own. */
const imagePolicy = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/**
 * Spec 3 §7 "Announcements": the super user manages them (everyone else 403, as the page is super only); every
 * signed-in user reads the active ones for the top bar's popover, and their images.
 */
@injectable()
export class AnnouncementRoutes implements RouteContribution {
  readonly area = 'announcements';

  constructor(@inject(AnnouncementService) private readonly announcements: AnnouncementService) {}

  register(api: ApiRouter): void {
    api.get('/announcements', superOnly, async ({ query }) => {
      const { searchParam } = await validate(announcementSearchSchema, query);
      return this.announcements.page({ searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    // Before /announcements/:id, which would take 'active' for an id.
    api.get('/announcements/active', signedIn, () => this.announcements.active());

    api.get('/announcements/:id', superOnly, ({ params }) =>
      this.announcements.show({ announcementId: idParam(params.id, ANNOUNCEMENT_NOT_FOUND) }),
    );

    api.post(
      '/announcements',
      superOnly,
      async ({ body }) => this.announcements.create({ input: await validate(createAnnouncementSchema, body) }),
      { status: 201 },
    );

    api.put('/announcements/:id', superOnly, async ({ params, body }) => {
      const announcementId = idParam(params.id, ANNOUNCEMENT_NOT_FOUND);
      return this.announcements.update({ announcementId, input: await validate(updateAnnouncementSchema, body) });
    });

    api.delete('/announcements/:id', superOnly, async ({ params }) => {
      await this.announcements.remove({ announcementId: idParam(params.id, ANNOUNCEMENT_NOT_FOUND) });
      return { message: 'Operação realizada com sucesso!' };
    });

    api.post(
      '/announcements/:id/media-upload',
      superOnly,
      async ({ params, files }) => {
        const announcementId = idParam(params.id, ANNOUNCEMENT_NOT_FOUND);
        const [file] = files;
        if (file && !plainFileName(file.originalname)) throw invalidName();
        const image = file ? { fileName: file.originalname, data: file.buffer } : undefined;
        return this.announcements.attachImage({ announcementId, image });
      },
      { upload: { fields: ['file'], maxFiles: 1, maxFileBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES } },
    );

    api.delete('/announcements/:id/media-upload', superOnly, ({ params }) =>
      this.announcements.removeImage({ announcementId: idParam(params.id, ANNOUNCEMENT_NOT_FOUND) }),
    );

    api.get('/announcements/:id/media', signedIn, async ({ auth, params, res }) => {
      const announcementId = idParam(params.id, ANNOUNCEMENT_NOT_FOUND);
      const { file, type } = await this.announcements.image({ announcementId, super: auth.super });
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', imagePolicy);
      res.type(type);
      await new Promise<void>((resolve, reject) => res.sendFile(file, (error) => (error ? reject(error) : resolve())));
    });
  }
}

/** A name that could leave a folder (a separator, NUL, dots only, a drive) or is too long is refused, not cleaned. */
function plainFileName(name: string | undefined): boolean {
  return Boolean(name) && name!.length <= 255 && !/[/\\\0]/.test(name!) && !/^\.+$/.test(name!) && !/^[a-zA-Z]:/.test(name!);
}

function invalidName(): AppError {
  const message = 'Nome de arquivo inválido';
  return new AppError('ERR_VALIDATION', 400, { message, fields: { file: message } });
}
