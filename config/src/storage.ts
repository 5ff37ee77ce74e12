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
};

export interface StorageConfig {
  /** Absolute path of the data folder. */
  dataDir: string;
  mediaDir: string;
}

export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const dataDir = path.resolve(readVariable(storageVariables.dataDir, env) as string);
  return { dataDir, mediaDir: path.join(dataDir, 'media') };
}
