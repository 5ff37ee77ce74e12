import { readFile } from 'node:fs/promises';
import { inject, injectable, type ConnectionInfo } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ConnectionResolver } from '../connections/index.js';
import { ConversationRecords } from '../conversations/index.js';
import { OutboundMessages } from '../messages/index.js';

export interface ExternalSend {
  number: string;
  body: string;
  userId?: number;
  queueId?: number;
  sendSignature: boolean;
  /** Files already received to the temporary upload folder (removed by the route once answered). */
  medias: { path: string; fileName: string; mimeType: string }[];
}

/**
 * POST /api/messages/send (spec 2 §7): an outside system sends through a connection identified by its token.
 * The contact and ticket are created or reused like an inbound conversation, then the messages go out.
 */
@injectable()
export class ExternalApiService {
  constructor(
    @inject(ConnectionResolver) private readonly resolver: ConnectionResolver,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
  ) {}

  /**
   * The connection a token opens for the API: a known token of a channel that offers API sending
   * (capabilities.externalApi; the widget's channel does not), in a company whose plan has the external API.
   */
  async authenticate(token: string | undefined): Promise<ConnectionInfo> {
    const connection = await this.resolver.byToken(token);
    if (!connection) throw new AppError('ERR_INVALID_TOKEN', 401, { message: 'Token inválido' });
    if (!this.registry.channel(connection.channel)?.description.capabilities?.externalApi)
      throw new AppError('ERR_CHANNEL_NO_EXTERNAL_API', 403, {
        message: `Connections of the channel ${connection.channel} do not send through the external API`,
      });
    const plan = await this.tenancy
      .of(connection.companyId)
      .connection('companies as c')
      .join('plans as p', 'p.id', 'c.plan_id')
      .where('c.id', connection.companyId)
      .first('p.use_external_api');
    if (!plan?.use_external_api) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    return connection;
  }

  async send(connection: ConnectionInfo, input: ExternalSend): Promise<{ ticketId: number; messageIds: number[] }> {
    const { companyId } = connection;
    const scope = this.tenancy.of(companyId);
    if (input.userId && !(await scope.table('users').where('id', input.userId).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Usuário inválido', fields: { userId: 'Usuário inválido' } });
    }
    if (input.queueId && !(await scope.table('queues').where('id', input.queueId).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Fila inválida', fields: { queueId: 'Fila inválida' } });
    }
    const contact = await this.records.upsertContact(connection, { address: input.number });
    const settled = await this.records.settleTicket(connection, contact, {
      status: input.userId ? 'open' : 'pending',
      userId: input.userId,
      queueId: input.queueId,
    });
    if (!settled) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
    const base = { companyId, ticketId: settled.ticket.id, userId: input.userId ?? null, signed: input.sendSignature };
    const sent = [];
    if (input.medias.length === 0) sent.push(await this.outbound.send({ ...base, body: input.body }));
    // One file in memory at a time, read from the upload folder only now that the caller is known.
    for (const [index, media] of input.medias.entries()) {
      const data = await readFile(media.path);
      sent.push(
        await this.outbound.send({
          ...base,
          body: index === 0 ? input.body : '',
          media: { data, fileName: media.fileName, mimeType: media.mimeType },
        }),
      );
    }
    return { ticketId: settled.ticket.id, messageIds: sent.map((message) => message.id) };
  }
}
