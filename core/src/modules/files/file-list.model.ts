import { TenantModel } from '../../platform/database/model.js';

/** A file list (spec 3 §3): a named message and the files sent after it. */
export class FileListModel extends TenantModel {
  static override tableName = 'files';

  name!: string;
  message!: string | null;
  userId!: number | null;
}

/** One file of a list: its name, and the stored file (path under company{id}/fileList/{listId}/) once uploaded. */
export class FileOptionModel extends TenantModel {
  static override tableName = 'file_options';

  fileId!: number;
  name!: string | null;
  path!: string | null;
  mediaType!: string | null;
}
