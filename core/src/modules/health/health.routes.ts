import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { Database } from '../../platform/database/database.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { SessionLock } from '../../platform/locks/session-lock.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus } from '../../platform/realtime/realtime-bus.js';
import { Config } from '../../platform/tokens.js';
import type { Port } from '../../platform/port.js';
import { SessionManager } from '../connections/session-manager.js';

@injectable()
export class HealthRoutes implements RouteContribution {
  readonly area = 'health';

  constructor(
    @inject(Config) private readonly config: Config,
    @inject(Database) private readonly database: Database,
    @inject(JobQueue) private readonly jobQueue: JobQueue,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(SessionLock) private readonly sessionLock: SessionLock,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(SessionManager) private readonly sessions: SessionManager,
  ) {}

  register(api: ApiRouter): void {
    api.get('/health', 'public', async ({ res }) => {
      const entries: [string, Port][] = [
        ['database', this.database],
        ['jobQueue', this.jobQueue],
        ['realtime', this.realtime],
        ['sessionLock', this.sessionLock],
        ['mediaStorage', this.media],
      ];
      const reports = await Promise.all(entries.map(async ([name, port]) => [name, await port.health()] as const));
      const ports = Object.fromEntries(reports);
      const ok = reports.every(([, report]) => report.status === 'ok');
      res.status(ok ? 200 : 503);
      // How many channel sessions this node runs: in scaled mode each runs on exactly one node.
      return { status: ok ? 'ok' : 'error', mode: this.config.mode, ports, sessions: { runningHere: this.sessions.runningCount } };
    });
  }
}
