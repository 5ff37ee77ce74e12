import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { QuickMessageService } from './quick-message.service.js';
import {
  createQuickMessageSchema,
  listQuickMessagesSchema,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  updateQuickMessageSchema,
} from './quick-messages.schema.js';

const NOT_FOUND = 'ERR_NO_QUICK_MESSAGE_FOUND';

/** Spec 3 §7 "Quick replies". Who may touch which reply is decided by QuickMessageService (spec 3 §2.3). */
@injectable()
export class QuickMessagesRoutes implements RouteContribution {
  readonly area = 'quick-messages';

  constructor(@inject(QuickMessageService) private readonly quickMessages: QuickMessageService) {}

  register(api: ApiRouter): void {
    api.get('/quick-messages', signedIn, async ({ auth, query }) => {
      const { searchParam, categoryId } = await validate(listQuickMessagesSchema, query);
      return this.quickMessages.page({ auth, searchParam, categoryId: categoryId ?? undefined, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/quick-messages/list', signedIn, ({ auth }) => this.quickMessages.composerList({ auth }));

    api.get('/quick-messages/categoriesMessages', signedIn, ({ auth }) => this.quickMessages.categories({ auth }));

    api.get('/quick-messages/:id', signedIn, ({ auth, params }) =>
      this.quickMessages.show({ auth, quickMessageId: idParam(params.id, NOT_FOUND) }),
    );

    api.post(
      '/quick-messages',
      signedIn,
      async ({ auth, body }) => this.quickMessages.create({ auth, input: await validate(createQuickMessageSchema, body) }),
      { status: 201 },
    );

    api.put('/quick-messages/:id', signedIn, async ({ auth, params, body }) => {
      const quickMessageId = idParam(params.id, NOT_FOUND);
      return this.quickMessages.update({ auth, quickMessageId, input: await validate(updateQuickMessageSchema, body) });
    });

    api.delete('/quick-messages/:id', signedIn, async ({ auth, params }) => {
      await this.quickMessages.remove({ auth, quickMessageId: idParam(params.id, NOT_FOUND) });
      return { message: 'Resposta rápida excluída com sucesso!' };
    });

    api.post(
      '/quick-messages/:id/media-upload',
      signedIn,
      ({ auth, params, files }) =>
        this.quickMessages.attachMedia({
          auth,
          quickMessageId: idParam(params.id, NOT_FOUND),
          file: files.find((file) => file.fieldname === 'file'),
        }),
      { upload: { fields: ['file'], maxFiles: 1, maxFileBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES } },
    );

    api.delete('/quick-messages/:id/media-upload', signedIn, ({ auth, params }) =>
      this.quickMessages.detachMedia({ auth, quickMessageId: idParam(params.id, NOT_FOUND) }),
    );
  }
}
