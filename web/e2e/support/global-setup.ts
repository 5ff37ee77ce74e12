import { DATA_TEMPLATE_ENV, startE2eServer } from './server.ts';

/**
 * Once per browser run: the product started on an empty data directory (its schema migrated, the super admin made)
 * and stopped; each file's server starts from a copy of that directory instead of doing it all again. The workers
 * inherit the variable.
 */
export default async function globalSetup(): Promise<void> {
  const server = await startE2eServer({}, { fresh: true });
  await server.halt();
  process.env[DATA_TEMPLATE_ENV] = server.dataDir;
}
