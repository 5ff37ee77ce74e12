import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { PortsHealth } from '../../platform/ports.js';
import { Config } from '../../platform/tokens.js';
import { SessionManager } from '../connections/index.js';

@injectable()
export class HealthRoutes implements RouteContribution {
  readonly area = 'health';

  constructor(
    @inject(Config) private readonly config: Config,
    @inject(PortsHealth) private readonly health: PortsHealth,
    @inject(SessionManager) private readonly sessions: SessionManager,
  ) {}

  register(api: ApiRouter): void {
    api.get('/health', 'public', async ({ res }) => {
      const ports = await this.health.report();
      const ok = Object.values(ports).every((report) => report.status === 'ok');
      res.status(ok ? 200 : 503);
      // How many channel sessions this node runs: in scaled mode each runs on exactly one node.
      return { status: ok ? 'ok' : 'error', mode: this.config.mode, ports, sessions: { runningHere: this.sessions.runningCount } };
    });
  }
}
