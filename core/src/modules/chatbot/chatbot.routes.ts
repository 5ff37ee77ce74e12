import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly } from '../../platform/http/access.js';
import { idParam, validate } from '../../platform/http/validation.js';
import { createChatbotSchema, updateChatbotSchema } from './chatbot.schema.js';
import { CHATBOT_NOT_FOUND, ChatbotService } from './chatbot.service.js';

/** Chatbot options of queues (spec 2 §7 "Queues and chatbot"): admins only. */
@injectable()
export class ChatbotRoutes implements RouteContribution {
  readonly area = 'chatbot';

  constructor(@inject(ChatbotService) private readonly chatbot: ChatbotService) {}

  register(api: ApiRouter): void {
    api.get('/chatbot/:id', adminOnly, ({ auth, params }) => this.chatbot.show({ auth, optionId: idParam(params.id, CHATBOT_NOT_FOUND) }));

    api.post(
      '/chatbot',
      adminOnly,
      async ({ auth, body }) => this.chatbot.create({ auth, input: await validate(createChatbotSchema, body) }),
      { status: 201 },
    );

    api.put('/chatbot/:id', adminOnly, async ({ auth, params, body }) => {
      const optionId = idParam(params.id, CHATBOT_NOT_FOUND);
      return this.chatbot.update({ auth, optionId, input: await validate(updateChatbotSchema, body) });
    });

    api.delete('/chatbot/:id', adminOnly, async ({ auth, params }) => {
      await this.chatbot.remove({ auth, optionId: idParam(params.id, CHATBOT_NOT_FOUND) });
      return { message: 'Chatbot option deleted' };
    });
  }
}
