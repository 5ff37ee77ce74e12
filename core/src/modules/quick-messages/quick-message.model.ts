import { TenantModel } from '../../platform/database/model.js';

/**
 * A quick reply (spec 3 §3): a shortcode the composer expands into a message, optionally with a file.
 * `geral` ones are company-wide; the others belong to their author (userId). Category entries (isCategory)
 * group replies through categoryId.
 */
export class QuickMessageModel extends TenantModel {
  static override tableName = 'quick_messages';

  shortcode!: string;
  message!: string | null;
  geral!: boolean;
  status!: string;
  isCategory!: boolean;
  categoryId!: number | null;
  isMedia!: boolean;
  mediaPath!: string | null;
  mediaName!: string | null;
  userId!: number | null;
}
