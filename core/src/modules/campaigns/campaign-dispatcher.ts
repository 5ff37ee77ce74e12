import { inject, injectable } from '@switchboard/sdk';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { MessageDelivery } from '../messages/index.js';
import { CampaignLauncher } from './campaign-launcher.js';
import { CampaignShipper } from './campaign-shipper.js';
import { CampaignService } from './campaign.service.js';
import { DueCampaigns, type CampaignRef, type ClaimedShipping } from './due-campaigns.js';

const SWEEP_MS = 1000;
/** Rows claimed per statement: a batch is sent in well under CLAIM_LEASE_MS. */
const CLAIM_BATCH = 500;
/** A claim older than this was left by a node that died; its rows are claimed again (the unique origin guards). */
const CLAIM_LEASE_MS = 10_000;
/** A stored message the channel has not answered for this long may have lost its delivery job: queued again. */
const REDELIVER_AFTER_MS = 5 * 60_000;
const LAUNCH_BATCH = 20;

/**
 * Runs campaigns from the database, on every node (DESIGN §2): each sweep launches the campaigns whose time came,
 * claims and sends the due shipping rows in batches until none is left, records what the channels did with the
 * stored messages, finishes the campaigns with nobody left, and tells each moved campaign's company once (so a
 * campaign's progress reaches screens at most once a second per node). A node killed mid-batch loses nothing: its
 * claims expire and each row's message is stored at most once.
 */
@injectable()
export class CampaignDispatcher implements BackgroundWorker {
  readonly name = 'campaigns';
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    @inject(DueCampaigns) private readonly due: DueCampaigns,
    @inject(CampaignLauncher) private readonly launcher: CampaignLauncher,
    @inject(CampaignShipper) private readonly shipper: CampaignShipper,
    @inject(CampaignService) private readonly campaigns: CampaignService,
    @inject(MessageDelivery) private readonly delivery: MessageDelivery,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopping = false;
    // In-process jobs and claims die with the process: on the one embedded node, pick them up at once.
    const embedded = this.jobs.implementation === 'in-process';
    const recovered = embedded ? this.recover() : Promise.resolve();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = recovered
        .then(() => this.sweep())
        .catch((error) => this.logger.error({ err: error }, 'campaign sweep failed'))
        .finally(() => (this.running = undefined));
    }, SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass (tests call it to move a campaign along without waiting for the timer). */
  async sweep(): Promise<void> {
    const moved = new Map<number, CampaignRef>();
    const note = (refs: CampaignRef[]) => refs.forEach((ref) => moved.set(ref.campaignId, ref));
    const now = this.clock.now();
    for (const ref of await this.due.dueToLaunch({ now, limit: LAUNCH_BATCH })) {
      if (await this.launcher.launch({ scope: this.tenancy.of(ref.companyId), campaignId: ref.campaignId, start: now })) note([ref]);
    }
    for (;;) {
      const claimed = await this.due.claim({ now, staleBefore: new Date(now.getTime() - CLAIM_LEASE_MS), limit: CLAIM_BATCH });
      await this.ship(claimed);
      note(claimed.map((row) => ({ companyId: row.companyId, campaignId: row.campaignId })));
      if (claimed.length < CLAIM_BATCH || this.stopping) break;
    }
    note(await this.due.settleInFlight({ now: this.clock.now() }));
    await this.redeliver(new Date(Date.now() - REDELIVER_AFTER_MS));
    note(await this.due.finish({ now: this.clock.now() }));
    for (const ref of moved.values()) {
      await this.campaigns
        .announce(ref.companyId, ref.campaignId)
        .catch((error) => this.logger.warn({ err: error, ...ref }, 'campaign progress not announced'));
    }
  }

  private async ship(claimed: ClaimedShipping[]): Promise<void> {
    const byCompany = new Map<number, ClaimedShipping[]>();
    for (const row of claimed) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    for (const [companyId, rows] of byCompany) {
      try {
        await this.shipper.ship({ companyId, rows });
      } catch (error) {
        // The rows keep their claim and are taken again once it expires.
        this.logger.error({ err: error, companyId }, 'campaign batch failed');
      }
    }
  }

  /** Stored campaign messages still waiting for the channel since before `staleBefore` are queued again (idempotent). */
  private async redeliver(staleBefore: Date): Promise<void> {
    for (;;) {
      // Each row taken is stamped now, so the next round reads the ones after it.
      const waiting = await this.due.waitingLong({ staleBefore, limit: CLAIM_BATCH });
      for (const message of waiting) {
        await this.delivery.enqueue({ companyId: message.companyId, id: message.messageId, whatsappId: message.whatsappId });
      }
      if (waiting.length < CLAIM_BATCH || this.stopping) return;
    }
  }

  private async recover(): Promise<void> {
    const startedAt = new Date();
    await this.due.releaseClaims();
    await this.redeliver(startedAt);
  }
}
