import * as yup from 'yup';
import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn } from '../../platform/http/access.js';
import { AppError } from '../../platform/http/app-error.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { MessagesService } from './messages.service.js';

const sendSchema = yup.object({
  body: yup.string().max(65536).default(''),
  isPrivate: yup
    .boolean()
    .transform((value, original) => (original === 'true' ? true : original === 'false' ? false : value))
    .default(false),
  quotedMsg: yup
    .mixed<{ id: number } | number>()
    .transform((value) =>
      value && typeof value === 'object'
        ? Number((value as { id: unknown }).id)
        : value === undefined || value === null || value === ''
          ? undefined
          : Number(value),
    )
    .optional(),
  vCard: yup.string().max(8192).optional(),
});

@injectable()
export class MessagesRoutes implements RouteContribution {
  readonly area = 'messages';

  constructor(@inject(MessagesService) private readonly messages: MessagesService) {}

  register(api: ApiRouter): void {
    api.get('/messages/:ticketId', signedIn, ({ auth, params, query }) =>
      this.messages.list({ auth, ticketId: idParam(params.ticketId, 'ERR_NO_TICKET_FOUND'), pageNumber: pageNumber(query.pageNumber) }),
    );

    api.post(
      '/messages/:ticketId',
      signedIn,
      async ({ auth, params, body, files }) => {
        const input = await validate(sendSchema, body);
        const quotedMsgId = typeof input.quotedMsg === 'number' && Number.isSafeInteger(input.quotedMsg) ? input.quotedMsg : undefined;
        if (!input.body.trim() && files.length === 0 && !input.vCard) {
          throw new AppError('ERR_VALIDATION', 400, { message: 'A message needs text or a file', fields: { body: 'Mensagem vazia' } });
        }
        const ticketId = idParam(params.ticketId, 'ERR_NO_TICKET_FOUND');
        const sent = await this.messages.send({
          auth,
          ticketId,
          body: input.body,
          isPrivate: input.isPrivate,
          quotedMsgId,
          vCard: input.vCard,
          files,
        });
        return { messages: sent };
      },
      { upload: { fields: ['medias'], maxFiles: 10, maxFileBytes: 64 * 1024 * 1024 }, status: 201 },
    );
  }
}
