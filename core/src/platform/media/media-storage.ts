import type { Readable } from 'node:stream';
import type { Port } from '../port.js';

export interface StoredMedia {
  /** Path relative to the media root, e.g. company1/users/7/photo.png; what the database keeps. */
  path: string;
  size: number;
}

export const MediaStorage = Symbol('MediaStorage');
/** Media files of a company, under company{id}/ so companies never share a folder. */
export interface MediaStorage extends Port {
  save(options: { companyId: number; folder: string; fileName: string; data: Buffer | Readable }): Promise<StoredMedia>;
  read(path: string): Readable;
  exists(path: string): Promise<boolean>;
  remove(path: string): Promise<void>;
  /** Every file of the company (its whole company{id}/ folder): a deleted company leaves nothing behind. */
  removeCompany(companyId: number): Promise<void>;
  /** Absolute file path for streaming with express' sendFile. */
  absolutePath(path: string): string;
}
