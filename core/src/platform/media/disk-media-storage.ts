import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { probeHealth, type PortHealth } from '../port.js';
import type { MediaStorage, StoredMedia } from './media-storage.js';

export interface DiskMediaStorageOptions {
  /** DATA_DIR/media; in scaled mode a volume every node mounts. */
  root: string;
}

/** Folder segments are chosen by code (users/7, tickets/42): anything else is a bug or an attack, so it is refused. */
const safeSegment = /^[\p{L}\p{N}_-][\p{L}\p{N}._-]*$/u;
const maxFileNameLength = 200;

export class DiskMediaStorage implements MediaStorage {
  readonly implementation = 'local-disk';
  private readonly root: string;

  constructor(options: DiskMediaStorageOptions) {
    this.root = path.resolve(options.root);
  }

  async save(options: { companyId: number; folder: string; fileName: string; data: Buffer | Readable }): Promise<StoredMedia> {
    const { companyId, folder, fileName, data } = options;
    const relative = [companyFolder(companyId), ...folderSegments(folder), storedFileName(fileName)].join('/');
    const target = this.absolutePath(relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file and a failed write leaves none.
    const temporary = path.join(path.dirname(target), `.${randomUUID()}.partial`);
    try {
      if (Buffer.isBuffer(data)) await writeFile(temporary, data);
      else await pipeline(data, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { path: relative, size: (await stat(target)).size };
  }

  read(mediaPath: string): Readable {
    return createReadStream(this.absolutePath(mediaPath));
  }

  async exists(mediaPath: string): Promise<boolean> {
    try {
      return (await stat(this.absolutePath(mediaPath))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async remove(mediaPath: string): Promise<void> {
    await rm(this.absolutePath(mediaPath), { force: true });
  }

  async removeCompany(companyId: number): Promise<void> {
    await rm(this.absolutePath(companyFolder(companyId)), { recursive: true, force: true });
  }

  absolutePath(mediaPath: string): string {
    if (mediaPath.includes('\0') || path.isAbsolute(mediaPath) || /^[a-zA-Z]:/.test(mediaPath)) {
      throw new Error(`Media path must be relative to the media root: ${mediaPath}`);
    }
    const absolute = path.resolve(this.root, mediaPath);
    if (!absolute.startsWith(this.root + path.sep)) {
      throw new Error(`Media path is outside the media root: ${mediaPath}`);
    }
    return absolute;
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    });
  }

  async close(): Promise<void> {}
}

/** The company's top folder; a bad id would name another folder (or the root), so it is refused. */
function companyFolder(companyId: number): string {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`Invalid company id: ${companyId}`);
  return `company${companyId}`;
}

function folderSegments(folder: string): string[] {
  const trimmed = folder.replace(/\/+$/, '');
  if (trimmed === '') return [];
  if (trimmed.startsWith('/')) throw new Error(`Media folder must be relative: ${folder}`);
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (!safeSegment.test(segment)) throw new Error(`Invalid media folder: ${folder}`);
  }
  return segments;
}

/** Keeps the name readable (it shows up in downloads) while making it one harmless path segment. */
function storedFileName(fileName: string): string {
  if (fileName.includes('\0')) throw new Error('Media file name contains NUL');
  if (fileName.startsWith('/') || fileName.startsWith('\\') || /^[a-zA-Z]:/.test(fileName)) {
    throw new Error(`Media file name must not be a path: ${fileName}`);
  }
  if (fileName.split(/[\\/]/).includes('..')) throw new Error(`Media file name must not climb folders: ${fileName}`);
  let name = fileName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]/gu, '_')
    .replace(/^\.+/, '');
  if (name.length > maxFileNameLength) {
    const extension = path.extname(name).slice(0, 20);
    name = name.slice(0, maxFileNameLength - extension.length) + extension;
  }
  return name === '' ? 'file' : name;
}
