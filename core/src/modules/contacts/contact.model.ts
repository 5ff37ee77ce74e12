import { Model } from 'objection';
import { TenantModel } from '../../platform/database/model.js';
import { TagModel } from '../tags/index.js';
import { ContactCustomFieldModel } from './contact-custom-field.model.js';

/** A person or group a company talks to on one channel; unique per (company, channel, number). */
export class ContactModel extends TenantModel {
  static override tableName = 'contacts';

  name!: string;
  number!: string;
  email!: string | null;
  urlPicture!: string | null;
  profilePicUrl!: string | null;
  active!: boolean;
  channel!: string;
  isGroup!: boolean;
  disableBot!: boolean;
  acceptAudioMessage!: boolean;
  lgpdAcceptedAt!: Date | null;
  whatsappId!: number | null;
  /** Through contact_tags; links are only ever made between a contact and a tag of the same company. */
  tags?: TagModel[];
  extraInfo?: ContactCustomFieldModel[];

  static override get relationMappings() {
    return {
      tags: {
        relation: Model.ManyToManyRelation,
        modelClass: TagModel,
        join: {
          from: 'contacts.id',
          through: { from: 'contact_tags.contact_id', to: 'contact_tags.tag_id' },
          to: 'tags.id',
        },
      },
      extraInfo: {
        relation: Model.HasManyRelation,
        modelClass: ContactCustomFieldModel,
        join: { from: 'contacts.id', to: 'contact_custom_fields.contact_id' },
      },
    };
  }
}
