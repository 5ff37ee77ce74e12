import { loadAdminSeedConfig, type AdminSeedConfig, adminVariables } from './admin.js';
import { loadAuthConfig, type AuthConfig, authVariables } from './auth.js';
import { loadBillingConfig, type BillingConfig, billingVariables } from './billing.js';
import { loadConversationsConfig, type ConversationsConfig, conversationVariables } from './conversations.js';
import { loadDatabaseConfig, type DatabaseConfig, databaseVariables } from './database.js';
import { loadDialogflowConfig, type DialogflowConfig, dialogflowVariables } from './dialogflow.js';
import { loadMetaConfig, type MetaConfig, metaVariables } from './meta.js';
import { loadMetricsConfig, type MetricsConfig, metricsVariables } from './metrics.js';
import { loadOpenAiConfig, type OpenAiConfig, openAiVariables } from './openai.js';
import { loadPluginsConfig, type PluginsConfig, pluginVariables } from './plugins.js';
import { loadRedisConfig, type RedisConfig, redisVariables } from './redis.js';
import { loadServerConfig, type ServerConfig, serverVariables, type TrustProxy } from './server.js';
import { loadStorageConfig, type StorageConfig, storageVariables } from './storage.js';
import { ConfigError, type ConfigVariable } from './variable.js';

export { ConfigError, type ConfigVariable };
export { loadOpenAiConfig, type OpenAiConfig };
export { loadDialogflowConfig, type DialogflowConfig };
export { loadMetaConfig, type MetaConfig };
export { loadMetricsConfig, type MetricsConfig };
export { loadBillingConfig, type BillingConfig };
export { loadConversationsConfig, type ConversationsConfig };
export type { AdminSeedConfig, AuthConfig, DatabaseConfig, PluginsConfig, RedisConfig, ServerConfig, StorageConfig, TrustProxy };

/** embedded: everything in one process; scaled: PostgreSQL and Redis shared by any number of nodes. */
export type RuntimeMode = 'embedded' | 'scaled';

/**
 * Where the host binds the loaded configuration in its container: plugins read their sections (openai, dialogflow,
 * meta) from it, so they follow the configuration the server was started with, not the process's environment.
 */
export const SwitchboardConfig = Symbol.for('switchboard.config');

export interface SwitchboardConfig {
  mode: RuntimeMode;
  server: ServerConfig;
  storage: StorageConfig;
  database: DatabaseConfig;
  redis: RedisConfig;
  auth: AuthConfig;
  plugins: PluginsConfig;
  meta: MetaConfig;
  openai: OpenAiConfig;
  dialogflow: DialogflowConfig;
  metrics: MetricsConfig;
  admin: AdminSeedConfig;
  billing: BillingConfig;
  conversations: ConversationsConfig;
}

/** Reads and validates the whole configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): SwitchboardConfig {
  const storage = loadStorageConfig(env);
  const database = loadDatabaseConfig(env, storage.dataDir);
  const redis = loadRedisConfig(env);
  const auth = loadAuthConfig(env);
  // The one place the mode is decided.
  const mode: RuntimeMode = database.kind === 'postgres' && redis.url ? 'scaled' : 'embedded';
  if (mode === 'scaled' && !auth.appSecret) {
    throw new ConfigError('APP_SECRET', 'is required in scaled mode (32 characters or more)');
  }
  return {
    mode,
    server: loadServerConfig(env),
    storage,
    database,
    redis,
    auth,
    plugins: loadPluginsConfig(env),
    meta: loadMetaConfig(env),
    openai: loadOpenAiConfig(env),
    dialogflow: loadDialogflowConfig(env),
    metrics: loadMetricsConfig(env),
    admin: loadAdminSeedConfig(env),
    billing: loadBillingConfig(env),
    conversations: loadConversationsConfig(env),
  };
}

/** Every variable with its default and documentation, in the order of the README table. */
export const configurationVariables: ConfigVariable<unknown>[] = [
  ...Object.values(serverVariables),
  ...Object.values(storageVariables),
  ...Object.values(databaseVariables),
  ...Object.values(redisVariables),
  ...Object.values(authVariables),
  ...Object.values(pluginVariables),
  ...Object.values(openAiVariables),
  ...Object.values(dialogflowVariables),
  ...Object.values(metaVariables),
  ...Object.values(metricsVariables),
  ...Object.values(adminVariables),
  ...Object.values(billingVariables),
  ...Object.values(conversationVariables),
] as ConfigVariable<unknown>[];
