import { Model } from 'objection';
import type { Ack } from '@switchboard/sdk';
import { TenantModel } from '../../platform/database/model.js';

export class MessageModel extends TenantModel {
  static override tableName = 'messages';

  ticketId!: number;
  contactId!: number | null;
  whatsappId!: number | null;
  queueId!: number | null;
  userId!: number | null;
  externalId!: string | null;
  body!: string;
  fromMe!: boolean;
  read!: boolean;
  mediaType!: string | null;
  mediaUrl!: string | null;
  quotedMsgId!: number | null;
  isPrivate!: boolean;
  isDeleted!: boolean;
  isEdited!: boolean;
  isForwarded!: boolean;
  vCard!: string | null;
  ack!: Ack;
  participant!: string | null;
  /** The group participant's name on the channel, when the channel told it. */
  participantName!: string | null;
  data!: Record<string, unknown> | null;
  editedAt!: Date | null;
  quotedMsg?: MessageModel;

  static override get jsonAttributes() {
    return ['data'];
  }

  static override get relationMappings() {
    return {
      quotedMsg: {
        relation: Model.BelongsToOneRelation,
        modelClass: MessageModel,
        join: { from: 'messages.quoted_msg_id', to: 'messages.id' },
      },
    };
  }

  override $formatJson(json: Record<string, unknown>) {
    const formatted = super.$formatJson(json);
    // A send that failed for good says so on the message, with its error code (the live event carries it too).
    const sendError = (formatted.data as { sendError?: unknown } | null | undefined)?.sendError;
    // Raw channel payloads stay on the server.
    delete formatted.data;
    if (typeof sendError === 'string') formatted.sendError = sendError;
    return formatted;
  }
}
