import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { inject, injectable } from '@switchboard/sdk';
import { LiveSessions } from '../channels/live-sessions.js';
import { JobQueue } from '../jobs/job-queue.js';
import { RealtimeBus } from '../realtime/realtime-bus.js';
import { routeOf } from './request-context.js';

/** A queue per connection (`deliver-12`) is reported under its family (`deliver`): no ids in labels. */
export function queueFamily(queue: string): string {
  return queue.replace(/-\d+$/, '');
}

/**
 * What operators read at /metrics, one registry per server (never prom-client's global one: a process may run
 * several servers). Modules report events through it (a message in or out, a timer swept); what is a state (queue
 * depths, sockets, sessions) is read from the ports when scraped.
 */
@injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly inbound = new Counter({
    name: 'messages_inbound_total',
    help: 'Messages received from contacts and stored, by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  private readonly outbound = new Counter({
    name: 'messages_outbound_total',
    help: 'Messages handed to a channel and accepted by it, by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  private readonly timerLag = new Histogram({
    name: 'timer_sweep_lag_seconds',
    help: 'How late conversation timers (rotation, auto-transfer, inactivity, rating expiry) ran after their due time.',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly queueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting, running and delayed, by queue family, on the whole installation.',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  private readonly jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Jobs that failed their last attempt on this node, by queue family.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly sockets = new Gauge({
    name: 'realtime_sockets',
    help: "Clients (agents' web app, chat widget visitors) connected to this node's socket server.",
    registers: [this.registry],
  });
  private readonly sessions = new Gauge({
    name: 'channel_sessions',
    help: 'Channel sessions this node runs, by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  constructor(
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(LiveSessions) private readonly live: LiveSessions,
  ) {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A message from a contact was stored. */
  messageReceived(channel: string): void {
    this.inbound.inc({ channel });
  }

  /** A channel accepted a message for delivery. */
  messageSent(channel: string): void {
    this.outbound.inc({ channel });
  }

  /** A due conversation timer runs now. */
  timerSwept(dueAt: Date, now: Date): void {
    this.timerLag.observe(Math.max(0, now.getTime() - dueAt.getTime()) / 1000);
  }

  /** Times every request; mounted before any route so that plugin routes (webhooks, the widget) count too. */
  requestTimer(): RequestHandler {
    return (req, res, next) => {
      const end = this.requests.startTimer();
      res.once('finish', () => end({ method: req.method, route: routeOf(req), status_class: `${Math.floor(res.statusCode / 100)}xx` }));
      next();
    };
  }

  /** The Prometheus text page, with the states read now. */
  async render(): Promise<string> {
    await this.readStates();
    return this.registry.metrics();
  }

  private async readStates(): Promise<void> {
    const stats = await this.jobs.stats();
    this.queueDepth.reset();
    this.jobsFailed.reset();
    for (const { queue, depth, failed } of stats) {
      const family = queueFamily(queue);
      if (depth) for (const state of ['waiting', 'active', 'delayed'] as const) this.queueDepth.inc({ queue: family, state }, depth[state]);
      this.jobsFailed.inc({ queue: family }, failed);
    }
    this.sockets.set(this.socketCount());
    this.sessions.reset();
    for (const { connection } of this.live.all()) this.sessions.inc({ channel: connection.channel });
  }

  private socketCount(): number {
    try {
      return this.realtime.io.engine.clientsCount;
    } catch {
      // Not attached yet: no client can be connected.
      return 0;
    }
  }
}
