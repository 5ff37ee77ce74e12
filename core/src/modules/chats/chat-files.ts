import { randomInt } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import { contentKindOf, type ContentKind } from '../../platform/media/content-kind.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Logger } from '../../platform/tokens.js';

/** A file sent in a chat, as the upload hands it over. */
export interface ChatFile {
  fileName: string;
  data: Buffer;
}

/** A chat's stored files, under company{id}/chats/{chatId}/, which only the chat's members may read (MediaAccess). */
@injectable()
export class ChatFiles {
  constructor(
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Stores a file; its kind is told by its bytes. */
  async store(companyId: number, chatId: number, file: ChatFile): Promise<{ path: string; kind: ContentKind }> {
    const { kind, extension } = contentKindOf(file.data, file.fileName);
    // Our own name (the time, which the web leaves out when it shows the name, and a random tail), the sender's
    // name kept only as mediaName: a stored name never holds a separator or leaves the folder.
    const plain =
      file.fileName
        .replace(/[^\p{L}\p{N}._ -]/gu, '_')
        .replace(/^\.+/, '')
        .slice(-120) || 'arquivo';
    const fileName = `${Date.now()}${randomInt(1000, 10_000)}-${plain}${extension ? `.${extension}` : ''}`;
    const stored = await this.media.save({ companyId, folder: `chats/${chatId}`, fileName, data: file.data });
    return { path: stored.path, kind };
  }

  /** Removes stored files; one that cannot be removed is logged, never a failure of what removed its message. */
  async remove(paths: string[]): Promise<void> {
    for (const mediaPath of paths) {
      try {
        await this.media.remove(mediaPath);
      } catch (error) {
        this.logger.warn({ err: error, mediaPath }, 'could not remove a chat file');
      }
    }
  }
}
