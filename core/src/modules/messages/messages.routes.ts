import * as yup from 'yup';
import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn } from '../../platform/http/access.js';
import { AppError } from '../../platform/http/app-error.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { MessageActions, MESSAGE_NOT_FOUND } from './message-actions.service.js';
import { MessagesService } from './messages.service.js';

const sendSchema = yup.object({
  body: yup.string().max(65536).default(''),
  isPrivate: yup
    .boolean()
    .transform((value, original) => (original === 'true' ? true : original === 'false' ? false : value))
    .default(false),
  /** Spec 1 §7: the agent writes in a ticket they are reading, so its unread count clears. */
  read: yup.boolean().default(false),
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
  /** An approved template of the connection (GET /messages/templates/:ticketId), its variables in order. */
  template: yup
    .object({
      name: yup.string().trim().required().max(512),
      language: yup.string().trim().required().max(20),
      variables: yup.array(yup.string().trim().required('Preencha a variável').max(1024)).default([]),
    })
    .default(undefined)
    .optional(),
});

const editSchema = yup.object({
  body: yup.string().trim().required('Mensagem vazia').max(65536),
});

const requiredId = (message: string) => yup.number().typeError(message).integer(message).positive(message).required(message);

/** Spec 1 §5: forwarding needs a chosen message and contact (messagesList.header.notMessage). */
const forwardSchema = yup.object({
  messageId: requiredId('Selecione uma mensagem'),
  contactId: requiredId('Selecione um contato'),
  signMessage: yup.boolean().default(false),
});

/** Spec 1 §7: text (the emoji, '' removes), fromMe, id, remoteJid, ticketId; only id, text and ticketId are used. */
const reactSchema = yup.object({
  id: requiredId('Mensagem inválida'),
  text: yup.string().max(32).default(''),
  ticketId: yup.number().typeError('Ticket inválido').integer().positive().optional(),
});

@injectable()
export class MessagesRoutes implements RouteContribution {
  readonly area = 'messages';

  constructor(
    @inject(MessagesService) private readonly messages: MessagesService,
    @inject(MessageActions) private readonly actions: MessageActions,
  ) {}

  register(api: ApiRouter): void {
    api.get('/messages/listimages/:ticketId', signedIn, ({ auth, params }) =>
      this.messages.listImages({ auth, ticketId: idParam(params.ticketId, 'ERR_NO_TICKET_FOUND') }),
    );

    api.get('/messages/templates/:ticketId', signedIn, ({ auth, params }) =>
      this.messages.templates({ auth, ticketId: idParam(params.ticketId, 'ERR_NO_TICKET_FOUND') }),
    );

    api.get('/messages/getmedia/:ticketId', signedIn, ({ auth, params }) =>
      this.messages.media({ auth, ticketId: idParam(params.ticketId, 'ERR_NO_TICKET_FOUND') }),
    );

    api.post('/messages/edit/:id', signedIn, async ({ auth, params, body }) => {
      const messageId = idParam(params.id, MESSAGE_NOT_FOUND);
      const input = await validate(editSchema, body);
      return this.actions.edit({ auth, messageId, body: input.body });
    });

    api.delete('/messages/:id', signedIn, ({ auth, params }) =>
      this.actions.remove({ auth, messageId: idParam(params.id, MESSAGE_NOT_FOUND) }),
    );

    api.post('/message/forward', signedIn, async ({ auth, body }) => {
      const input = await validate(forwardSchema, body);
      return this.actions.forward({ auth, messageId: input.messageId, contactId: input.contactId, signMessage: input.signMessage });
    });

    api.post('/react/messages', signedIn, async ({ auth, body }) => {
      const input = await validate(reactSchema, body);
      const reaction = await this.actions.react({ auth, messageId: input.id, emoji: input.text.trim(), ticketId: input.ticketId });
      return reaction ?? {};
    });

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
          read: input.read,
          quotedMsgId,
          vCard: input.vCard,
          ...(input.template ? { template: { ...input.template, variables: input.template.variables as string[] } } : {}),
          files,
        });
        return { messages: sent };
      },
      { upload: { fields: ['medias'], maxFiles: 10, maxFileBytes: 64 * 1024 * 1024 }, status: 201 },
    );
  }
}
