import path from 'node:path';
import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const storageVariables = {
  dataDir: variable({
    env: 'DATA_DIR',
    doc: 'Folder for the embedded database, the generated secret and media files (company{id}/...). Share it between nodes in scaled mode.',
    defaultText: './data',
    schema: yup.string().default('./data'),
  }),
  ffmpegPath: variable({
    env: 'FFMPEG_PATH',
    doc: 'ffmpeg program that makes the mp3 copies of voice notes for iOS and Safari. Unset: the build installed with the product.',
    defaultText: '(bundled)',
    schema: yup.string().optional(),
  }),
};

export interface StorageConfig {
  /** Absolute path of the data folder. */
  dataDir: string;
  mediaDir: string;
  /** Unset: core uses the ffmpeg build installed with it. */
  ffmpegPath?: string;
}

export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const dataDir = path.resolve(readVariable(storageVariables.dataDir, env) as string);
  const ffmpegPath = readVariable(storageVariables.ffmpegPath, env) as string | undefined;
  return { dataDir, mediaDir: path.join(dataDir, 'media'), ...(ffmpegPath ? { ffmpegPath } : {}) };
}
