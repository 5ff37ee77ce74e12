import 'reflect-metadata';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import { pino, type DestinationStream } from 'pino';
import {
  ChannelContribution,
  Container,
  IntegrationContribution,
  MediaHosts,
  PaymentContribution,
  type ContainerModule,
} from '@switchboard/sdk';
import type { SwitchboardConfig } from '@switchboard/config';
import { resolveAppSecret, SecretKeys } from './platform/auth/app-secret.js';
import { Authenticator } from './platform/auth/authenticator.js';
import { TokenService } from './platform/auth/tokens.js';
import { ApiRouter, RouteContribution } from './platform/http/api-router.js';
import { errorHandler, notFoundHandler } from './platform/http/error-handler.js';
import { DatabaseOutageLog } from './platform/http/service-unavailable.js';
import { RateLimits } from './platform/http/rate-limits.js';
import { webAppHandlers } from './platform/http/web-app.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { Database } from './platform/database/database.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { SessionLock } from './platform/locks/session-lock.js';
import { MediaStorage } from './platform/media/media-storage.js';
import { RealtimeBus } from './platform/realtime/realtime-bus.js';
import { SocketSessions } from './modules/realtime/index.js';
import { BackgroundWorker } from './platform/background-worker.js';
import { createPorts, type Ports } from './platform/ports.js';
import { closeRedisClient } from './platform/redis/redis-client.js';
import { Tenancy } from './platform/tenancy.js';
import { SystemData } from './platform/system-data.js';
import { CompanyCache } from './platform/cache/company-cache.js';
import { ContactNumberMasking, NumberHiding } from './platform/http/contact-number-masking.js';
import { Config, Logger } from './platform/tokens.js';
import { Metrics, metricsModule, requestIds, requestLogFields } from './platform/metrics/index.js';
import { Clock, systemClock } from './platform/clock.js';
import { coreModules } from './modules/index.js';
import { FirstStart } from './modules/companies/index.js';
import { SessionManager } from './modules/connections/index.js';
import { PluginRegistry } from './platform/plugins/channel-registry.js';
import { discoverPluginPackages, loadPlugins } from './platform/plugins/plugin-loader.js';

export interface ServerOptions {
  config: SwitchboardConfig;
  /** Prefix of every Redis key this server writes; tests give each server its own. */
  redisPrefix?: string;
  /** A database made by the caller (tests); otherwise the configured one. */
  database?: Ports['database'];
  /** Where the first-start credentials are printed; the console by default. */
  announce?: (text: string) => void;
  /** Run the background workers (dispatchers, sweepers); tests that drive them by hand turn them off. */
  backgroundWorkers?: boolean;
  /** Loaded after core and the plugins, before anything starts (tests contribute channels or options here). */
  extraModules?: ContainerModule[];
  /** Where log lines go (tests read them); standard output by default. */
  logDestination?: DestinationStream;
}

export interface RunningServer {
  app: Express;
  http: HttpServer;
  container: Container;
  ports: Ports;
  /** Base URL, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Every API route with its access rule (read by the enumeration tests). */
  routes: ApiRouter['routes'];
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** How long a node keeps an idle keep-alive connection open. */
const IDLE_CONNECTION_MS = 65_000;
/** Largest JSON or form body the API reads. */
const bodyLimit = '1mb';
const defaultWebDist = path.resolve(here, '../../web/dist');

/** Every binding of a contribution point, or none. */
function allBound<T>(container: Container, id: symbol): T[] {
  return container.isBound(id) ? container.getAll<T>(id) : [];
}

/** Builds the container, migrates, runs the first start and listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { config } = options;
  // mixin: every line written while a request (or a job it queued) runs carries that request's id.
  const logger = options.logDestination
    ? pino({ level: config.server.logLevel, base: undefined, mixin: requestLogFields }, options.logDestination)
    : pino({ level: config.server.logLevel, base: undefined, mixin: requestLogFields });
  const { secret } = await resolveAppSecret({ configured: config.auth.appSecret, dataDir: config.storage.dataDir });
  const ports = await createPorts(config, { redisPrefix: options.redisPrefix ?? config.redis.prefix, database: options.database, logger });
  try {
    return await listen(options, ports, secret, logger);
  } catch (error) {
    // A start that fails half-way must not leave connections open behind it.
    await closePorts(ports).catch(() => {});
    throw error;
  }
}

async function listen(options: ServerOptions, ports: Ports, secret: string, logger: Logger): Promise<RunningServer> {
  const { config } = options;
  await ports.database.migrate();

  const secrets = new SecretKeys(secret);
  const tokens = new TokenService(secrets.signing, { access: config.auth.accessTokenTtl, refresh: config.auth.refreshTokenTtl });
  const authenticator = new Authenticator(ports.database.knex, tokens);

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(Config).toConstantValue(config);
  container.bind(MediaHosts).toConstantValue(config.server.mediaFetchHosts);
  container.bind(Clock).toConstantValue(systemClock);
  container.bind(Logger).toConstantValue(logger);
  container.bind(Database).toConstantValue(ports.database);
  container.bind(JobQueue).toConstantValue(ports.jobQueue);
  container.bind(RealtimeBus).toConstantValue(ports.realtime);
  container.bind(SessionLock).toConstantValue(ports.sessionLock);
  container.bind(MediaStorage).toConstantValue(ports.media);
  container.bind(CompanyCache).toConstantValue(ports.cache);
  container.bind(SecretKeys).toConstantValue(secrets);
  container.bind(TokenService).toConstantValue(tokens);
  container.bind(Authenticator).toConstantValue(authenticator);
  container.bind(Tenancy).toConstantValue(new Tenancy(ports.database.knex));
  container.bind(SystemData).toConstantValue(new SystemData(ports.database.knex));
  container.bind(RateLimits).toConstantValue(new RateLimits({ redis: ports.redis, prefix: options.redisPrefix ?? config.redis.prefix }));
  container.load(...coreModules, metricsModule);
  const plugins = await loadPlugins(
    discoverPluginPackages({ nodeModules: path.resolve(here, '../../node_modules'), extra: config.plugins.extra }),
  );
  container.load(...plugins.map((plugin) => plugin.module), ...(options.extraModules ?? []));
  // Plugin-owned migrations run after core's, each in its own knex table, under the same lock.
  for (const plugin of plugins) if (plugin.migrations) await ports.database.migratePlugin(plugin.manifest.id, plugin.migrations);
  const registry = new PluginRegistry(
    plugins,
    allBound<ChannelContribution>(container, ChannelContribution),
    allBound<IntegrationContribution>(container, IntegrationContribution),
    allBound<PaymentContribution>(container, PaymentContribution),
  );
  container.bind(PluginRegistry).toConstantValue(registry);

  await container.get(FirstStart).run({ announce: options.announce ?? ((text) => console.log(text)) });

  const api = new ApiRouter(authenticator, new ContactNumberMasking(container.get<NumberHiding>(NumberHiding)));
  for (const contribution of container.getAll<RouteContribution>(RouteContribution)) {
    contribution.register(api.forArea(contribution.area));
  }

  const app = express();
  const http = createServer(app);
  // An idle connection stays open longer than a proxy in front keeps its own (nginx: 60 s), so the proxy, or a client
  // told by the Keep-Alive header, is the side that closes it: a node closing first races the next request sent on it,
  // which then fails (a 502 through the proxy).
  http.keepAliveTimeout = IDLE_CONNECTION_MS;
  // socket.io first: plugins open their namespaces while registering routes.
  container.get(SocketSessions).attach(ports.realtime.attach(http));
  app.disable('x-powered-by');
  app.set('trust proxy', config.server.trustProxy);
  app.use(requestIds(logger), container.get(Metrics).requestTimer());
  // Plugin routes (webhooks, the widget) come first: they parse their own bodies (a webhook signature is checked
  // over the raw bytes), and the widget's page is HTML but not the web app.
  const pluginRoutes = express.Router();
  for (const channel of registry.channels) channel.routes?.(pluginRoutes);
  app.use(pluginRoutes);
  // Core's own webhooks (payments) likewise read their raw body.
  app.use(api.rawBodyRouter);
  app.use(securityHeaders(config.server.publicUrl));
  // No API body comes near this (files are multipart uploads with their own limits); a larger one answers 413.
  app.use(express.json({ limit: bodyLimit }));
  app.use(express.urlencoded({ extended: true, limit: bodyLimit }));
  app.use(cookieParser());
  const web = webAppHandlers(config.server.webDistDir ?? defaultWebDist);
  if (web) app.use(web.navigation);
  app.use(api.router);
  if (web) app.use(web.assets);
  app.use(notFoundHandler);
  const databaseOutage = new DatabaseOutageLog(logger, () => ports.database.health());
  app.use(errorHandler(logger, databaseOutage));

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.server.port, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const sessions = container.get(SessionManager);
  await sessions.startAll();
  const workers = options.backgroundWorkers === false ? [] : allBound<BackgroundWorker>(container, BackgroundWorker);
  for (const worker of workers) await worker.start();

  let closed = false;
  return {
    app,
    http,
    container,
    ports,
    url: `http://127.0.0.1:${port}`,
    routes: api.routes,
    close: async () => {
      if (closed) return;
      closed = true;
      databaseOutage.stop();
      // No new connections from here on; the requests under way finish (main bounds the whole stop).
      const drained = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      // A connection whose request is under way closes soon after its answer, not after the keep-alive wait.
      http.keepAliveTimeout = 1;
      for (const worker of workers) await worker.stop();
      // Locks released and the other nodes told, so they take the sessions at once.
      await sessions.stopAll();
      // The sockets are closed: the web app reconnects them, through the proxy, to another node.
      await ports.realtime.close();
      await drained;
      await closePorts(ports);
    },
  };
}

async function closePorts(ports: Ports): Promise<void> {
  await ports.jobQueue.close();
  await ports.sessionLock.close();
  await ports.media.close();
  await ports.cache.close();
  if (ports.redis) await closeRedisClient(ports.redis);
  await ports.database.close();
}
