/** The external messages API, as an OpenAPI 3.1 document served at /api-docs (DESIGN §5). */
export const externalApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Switchboard external messages API',
    version: '1.0.0',
    description:
      "Send messages through one of your connections from another system. Authenticate with the connection token shown in the connection form (Authorization: Bearer <token>); the website widget's connections (and its public id) do not open this API. The number has no mask: country code, area code and number, digits only. The contact and its ticket are created or reused. Limits: 10 files of at most 64 MB each; 120 requests a minute per connection and 240 per client address.",
  },
  paths: {
    '/api/messages/send': {
      post: {
        summary: 'Send a text or media message',
        security: [{ connectionToken: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/SendText' } },
            'multipart/form-data': { schema: { $ref: '#/components/schemas/SendMedia' } },
          },
        },
        responses: {
          '200': {
            description: 'Stored and queued for delivery',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Sent' } } },
          },
          '400': {
            description: 'Invalid body (ERR_VALIDATION with fields)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '401': {
            description: 'Missing or unknown connection token (ERR_INVALID_TOKEN)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '403': {
            description:
              "The company's plan has no external API (ERR_PLAN_FEATURE_DISABLED), or the connection's channel does not send through it (ERR_CHANNEL_NO_EXTERNAL_API)",
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '413': {
            description: 'A file larger than 64 MB (ERR_FILE_TOO_LARGE) or more than 10 files (ERR_TOO_MANY_FILES)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '429': {
            description: 'Too many requests for this connection or from this address (ERR_TOO_MANY_REQUESTS)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
    '/api/integrations/replies': {
      post: {
        summary: "Answer a conversation handed to a webhook or n8n integration, later (any channel, the website's too)",
        description:
          "Each message.received event names its conversation's reply address and key (event.reply: url, token, expiresAt, a day after the event). POST the answer shape there: the replies go to the contact as the bot's messages, in order, and a transfer, close or handOff ends the bot's part. The key opens that one ticket only, and only while the integration still has it. 600 requests a minute per client address.",
        security: [{ conversationKey: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/LaterAnswer' } } },
        },
        responses: {
          '200': {
            description:
              "Sent and applied. A reply's file that could not be fetched (not an internet address, an error, over 64 MB) is left out, its caption still sent, and listed in skipped",
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    ticketId: { type: 'integer' },
                    sent: { type: 'integer', description: 'Messages sent' },
                    skipped: {
                      type: 'array',
                      items: { type: 'object', properties: { reply: { type: 'integer' }, reason: { type: 'string' } } },
                    },
                  },
                },
              },
            },
          },
          '400': {
            description: 'Not the answer shape, or asking for nothing (ERR_VALIDATION, with what is wrong)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '401': {
            description: 'Missing, altered or expired key (ERR_INVALID_TOKEN), or a suspended company (ERR_COMPANY_INACTIVE)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '403': {
            description: "The company's plan has no integrations (ERR_PLAN_FEATURE_DISABLED)",
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '409': {
            description:
              'The integration no longer has the ticket: a person attends it, or it was transferred or closed (ERR_TICKET_NOT_WITH_BOT)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '429': {
            description: 'Too many requests from this address (ERR_TOO_MANY_REQUESTS)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      connectionToken: { type: 'http', scheme: 'bearer', description: 'The connection token (30 letters or digits)' },
      conversationKey: { type: 'http', scheme: 'bearer', description: "The key of one conversation's later answers (event.reply.token)" },
    },
    schemas: {
      SendText: {
        type: 'object',
        required: ['number', 'body'],
        properties: {
          number: { type: 'string', pattern: '^\\d{8,20}$', example: '5511987654321' },
          body: { type: 'string', example: 'Olá! Seu pedido saiu para entrega.' },
          userId: { type: 'integer', description: 'Agent the ticket is assigned to (opens it)' },
          queueId: { type: 'integer', description: 'Queue of a new ticket' },
          sendSignature: { type: 'boolean', description: "Prefix the agent's name", default: false },
        },
      },
      SendMedia: {
        type: 'object',
        required: ['number', 'medias'],
        properties: {
          number: { type: 'string', pattern: '^\\d{8,20}$' },
          body: { type: 'string', description: 'Caption of the first file' },
          userId: { type: 'integer' },
          queueId: { type: 'integer' },
          sendSignature: { type: 'boolean' },
          medias: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 10 },
        },
      },
      Sent: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          ticketId: { type: 'integer' },
          messageIds: { type: 'array', items: { type: 'integer' } },
        },
      },
      LaterAnswer: {
        type: 'object',
        properties: {
          replies: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                body: { type: 'string' },
                mediaUrl: { type: 'string', format: 'uri', description: 'An http(s) file the server fetches and sends' },
                fileName: { type: 'string' },
                mimeType: { type: 'string' },
              },
            },
          },
          handOff: { type: 'boolean', description: "The queue's people attend from now on" },
          transfer: { type: 'object', properties: { queueId: { type: 'integer' }, userId: { type: 'integer' } } },
          close: { type: 'boolean' },
        },
        example: { replies: [{ body: 'Seu pedido saiu para entrega.' }] },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: { type: 'string' },
          message: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
} as const;
