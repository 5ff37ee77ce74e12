import { inject, injectable } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { Database } from '../../platform/database/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { toConnectionInfo } from '../connections/connection-info.js';
import { tokenHash } from '../connections/connection-tokens.js';
import { ConversationRecords } from '../conversations/conversation-records.js';
import { OutboundMessages } from '../messages/outbound-messages.js';

export interface ExternalSend {
  /** The connection's token, from the Authorization header. */
  token: string | undefined;
  number: string;
  body: string;
  userId?: number;
  queueId?: number;
  sendSignature: boolean;
  medias: { data: Buffer; fileName: string; mimeType: string }[];
}

/**
 * POST /api/messages/send (spec 2 §7): an outside system sends through a connection identified by its token.
 * The contact and ticket are created or reused like an inbound conversation, then the messages go out.
 */
@injectable()
export class ExternalApiService {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
  ) {}

  async send(input: ExternalSend): Promise<{ ticketId: number; messageIds: number[] }> {
    const knex = this.database.knex;
    const row = input.token ? await knex('connections').where('token_hash', tokenHash(this.secrets, input.token)).first() : undefined;
    if (!row) throw new AppError('ERR_INVALID_TOKEN', 401, { message: 'Token inválido' });
    const plan = await knex('companies as c')
      .join('plans as p', 'p.id', 'c.plan_id')
      .where('c.id', row.company_id)
      .first('p.use_external_api');
    if (!plan?.use_external_api) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    const companyId: number = row.company_id;
    if (input.userId && !(await knex('users').where({ id: input.userId, company_id: companyId }).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Usuário inválido', fields: { userId: 'Usuário inválido' } });
    }
    if (input.queueId && !(await knex('queues').where({ id: input.queueId, company_id: companyId }).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Fila inválida', fields: { queueId: 'Fila inválida' } });
    }
    const connection = toConnectionInfo(row, this.secrets);
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
    for (const [index, media] of input.medias.entries()) {
      sent.push(await this.outbound.send({ ...base, body: index === 0 ? input.body : '', media }));
    }
    return { ticketId: settled.ticket.id, messageIds: sent.map((message) => message.id) };
  }
}
