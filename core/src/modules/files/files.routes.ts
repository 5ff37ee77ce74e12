import { inject, injectable } from '@switchboard/sdk';
import { adminOnly } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { FILE_LIST_NOT_FOUND, FileListService, type OptionUpload } from './file-lists.service.js';
import { FILE_LIST_MAX_FILE_BYTES, FILE_LIST_MAX_OPTIONS, fileListSchema, listFilesSchema, uploadListSchema } from './files.schema.js';

/** Spec 3 §7 "File lists", for admins (the /files menu entry's rule); the queue and chatbot dialogs pick from GET /files. */
@injectable()
export class FilesRoutes implements RouteContribution {
  readonly area = 'files';

  constructor(@inject(FileListService) private readonly fileLists: FileListService) {}

  register(api: ApiRouter): void {
    api.get('/files', adminOnly, async ({ auth, query }) => {
      const { searchParam } = await validate(listFilesSchema, query);
      return this.fileLists.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/files/:id', adminOnly, ({ auth, params }) =>
      this.fileLists.show({ auth, fileListId: idParam(params.id, FILE_LIST_NOT_FOUND) }),
    );

    api.post('/files', adminOnly, async ({ auth, body }) => this.fileLists.create({ auth, input: await validate(fileListSchema, body) }), {
      status: 201,
    });

    api.put('/files/:id', adminOnly, async ({ auth, params, body }) => {
      const fileListId = idParam(params.id, FILE_LIST_NOT_FOUND);
      return this.fileLists.update({ auth, fileListId, input: await validate(fileListSchema, body) });
    });

    api.delete('/files/:id', adminOnly, async ({ auth, params }) => {
      await this.fileLists.remove({ auth, fileListId: idParam(params.id, FILE_LIST_NOT_FOUND) });
      return { message: 'Lista de arquivos excluída com sucesso!' };
    });

    api.post(
      '/files/uploadList/:id',
      adminOnly,
      async ({ auth, params, body, files }) => {
        const fileListId = idParam(params.id, FILE_LIST_NOT_FOUND);
        const form = await validate(uploadListSchema, body);
        if (form.fileId !== undefined && form.fileId !== fileListId) throw invalid('fileId', 'Lista inválida');
        return this.fileLists.attachFiles({ auth, fileListId, uploads: pairedUploads(files, form.id, form.mediaType) });
      },
      { upload: { fields: ['files'], maxFiles: FILE_LIST_MAX_OPTIONS, maxFileBytes: FILE_LIST_MAX_FILE_BYTES } },
    );
  }
}

/**
 * The i-th `files` part goes to the i-th `id` (multer keeps the parts of one field in the order sent). multer already
 * keeps only a name's last path segment; a name that could still leave the folder (a separator, NUL, dots only, a
 * drive) is refused rather than cleaned, so nothing is stored under a name the sender did not give.
 */
function pairedUploads(files: Express.Multer.File[], ids: number[], mediaTypes: (string | undefined)[]): OptionUpload[] {
  if (files.length !== ids.length) throw invalid('id', 'Um id por arquivo');
  return files.map((file, index) => {
    const fileName = file.originalname;
    if (!fileName || fileName.length > 255 || /[/\\\0]/.test(fileName) || /^\.+$/.test(fileName) || /^[a-zA-Z]:/.test(fileName)) {
      throw invalid(`files[${index}]`, 'Nome de arquivo inválido');
    }
    const declared = mediaTypes[index];
    const mimeType = file.mimetype && file.mimetype !== 'application/octet-stream' ? file.mimetype : declared || file.mimetype;
    return { optionId: ids[index]!, fileName, mimeType: mimeType || 'application/octet-stream', data: file.buffer };
  });
}

function invalid(field: string, message: string): AppError {
  return new AppError('ERR_VALIDATION', 400, { message, fields: { [field]: message } });
}
