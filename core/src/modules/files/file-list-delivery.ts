import path from 'node:path';
import { inject, injectable } from '@switchboard/sdk';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { mediaTypeOf } from '../../platform/media/media-type.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { customerText, type OutboundMessages } from '../messages/index.js';

/**
 * OutboundMessages, resolved on first use: routing builds FileListDelivery with its conversation steps, while the
 * channel plugins are built and before the plugin registry that message delivery needs exists.
 */
export const FileListOutbound = Symbol('FileListOutbound');
export type FileListOutbound = () => OutboundMessages | undefined;

interface OptionRow {
  name: string | null;
  path: string | null;
  media_type: string | null;
}

/**
 * Sends a file list to a ticket's contact as the system (the chatbot's 'file' option, a queue's fileListId): the
 * list's message first, its placeholders filled as a greeting's are, then each option's file as a media message in
 * the order the options were added. A file missing from storage, or stored outside the company's folder, goes as its
 * name. A message that cannot be stored is logged, not thrown: the conversation goes on.
 */
@injectable()
export class FileListDelivery {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(FileListOutbound) private readonly outbound: FileListOutbound,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Answers how many messages went (0 when the list is not the company's). */
  async send(options: { companyId: number; ticketId: number; fileListId: number; language: string }): Promise<{ sent: number }> {
    const { companyId, ticketId } = options;
    const scope = this.tenancy.of(companyId);
    const list = await scope.table<{ id: number; message: string | null }>('files').where('id', options.fileListId).first('id', 'message');
    if (!list) return { sent: 0 };
    const rows = await scope.table<OptionRow>('file_options').where('file_id', list.id).orderBy('id');
    let sent = 0;
    const say = async (message: {
      body: string;
      storedMedia?: { path: string; fileName: string; mimeType: string; mediaType: string };
    }) => {
      const outbound = this.outbound();
      if (!outbound) return this.logger.warn({ ticketId }, 'OutboundMessages is not bound: file list not sent');
      try {
        await outbound.send({ companyId, ticketId, userId: null, ...message });
        sent += 1;
      } catch (error) {
        this.logger.warn({ err: error, ticketId }, 'could not send a file-list message');
      }
    };

    if (list.message?.trim()) await say({ body: list.message });
    for (const row of rows) {
      const fileName =
        row.name?.trim() || path.basename(row.path ?? '') || customerText('menu.unnamedFile', { language: options.language });
      if (!(await this.stored(companyId, row.path))) {
        await say({ body: fileName });
        continue;
      }
      const mimeType = row.media_type?.includes('/') ? row.media_type : 'application/octet-stream';
      await say({ body: '', storedMedia: { path: row.path!, fileName, mimeType, mediaType: mediaTypeOf(mimeType) } });
    }
    return { sent };
  }

  /** Only a file of the company's own folder is ever sent. */
  private async stored(companyId: number, mediaPath: string | null): Promise<boolean> {
    if (!mediaPath?.startsWith(`company${companyId}/`) || mediaPath.split('/').includes('..')) return false;
    try {
      return await this.media.exists(mediaPath);
    } catch {
      return false;
    }
  }
}
