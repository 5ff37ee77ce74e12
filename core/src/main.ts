import { ConfigError, loadConfig } from '@switchboard/config';
import { startServer } from './server.js';

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
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error('Switchboard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
