import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const databaseVariables = {
  url: variable({
    env: 'DATABASE_URL',
    doc: 'PostgreSQL connection string. Unset: the embedded database (PGlite) in DATA_DIR/db.',
    schema: yup
      .string()
      .matches(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  }),
  poolMax: variable({
    env: 'DATABASE_POOL_MAX',
    doc: 'Largest number of PostgreSQL connections one node opens.',
    defaultText: '10',
    schema: yup.number().integer().min(1).max(200).default(10).typeError('must be a whole number'),
  }),
};

export type DatabaseConfig = { kind: 'postgres'; url: string; poolMax: number } | { kind: 'pglite'; dir: string };

export function loadDatabaseConfig(env: NodeJS.ProcessEnv, dataDir: string): DatabaseConfig {
  const url = readVariable(databaseVariables.url, env) as string | undefined;
  if (url) return { kind: 'postgres', url, poolMax: readVariable(databaseVariables.poolMax, env) as number };
  return { kind: 'pglite', dir: `${dataDir}/db` };
}
