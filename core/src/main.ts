import { ConfigError, loadConfig } from '@switchboard/config';
import { startServer } from './server.js';

/** How long a graceful stop may take (requests and jobs under way, sessions handed over). */
const STOP_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer({ config });
  console.log(`Switchboard (${config.mode} mode) listening on ${config.server.publicUrl}`);
  const stop = async (signal: string) => {
    console.log(`${signal}: finishing the requests and work under way, handing the channel sessions to other nodes`);
    // A request or job that does not end in time must not keep the node from stopping.
    setTimeout(() => {
      console.error(`Switchboard did not stop within ${STOP_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('Switchboard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
