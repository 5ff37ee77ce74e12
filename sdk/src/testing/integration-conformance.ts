import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ConversationMessage, IntegrationContext, IntegrationContribution, LaterAnswerAddress } from '../integration.js';

/** What a log call of the integration wrote, kept to check that no secret leaks into it. */
export interface LoggedLine {
  level: 'info' | 'warn';
  data: object;
  message: string;
}

/**
 * An IntegrationContext as core builds it, for a plugin's own tests: the contact Ana writes `body` on ticket 1 of
 * company 1 through a webchat connection. Every field can be replaced; `logged` collects what the plugin logs.
 */
export function integrationContext(options: {
  config: Record<string, unknown>;
  body?: string;
  state?: Record<string, unknown>;
  history?: ConversationMessage[];
  media?: { mediaType: ConversationMessage['mediaType']; mimeType: string; fileName: string; data: Buffer; mediaUrl?: string };
  now?: Date;
  signal?: AbortSignal;
  language?: string;
  logged?: LoggedLine[];
  reply?: LaterAnswerAddress;
  /** The message handed the ticket to the bot (a menu choice). */
  opening?: boolean;
}): IntegrationContext {
  const now = options.now ?? new Date();
  const logged = options.logged ?? [];
  const media = options.media;
  return {
    config: options.config,
    conversation: {
      ticket: { id: 1, uuid: '00000000-0000-4000-8000-000000000001', status: 'pending', queueId: 1, userId: null },
      contact: { id: 1, name: 'Ana Souza', number: '5511999990001', email: 'ana@example.com', channel: 'webchat' },
      connection: { id: 1, name: 'Site', channel: 'webchat' },
      company: { id: 1, name: 'Acme' },
      message: {
        fromMe: false,
        body: options.body ?? '',
        createdAt: now.toISOString(),
        ...(options.opening ? { opening: true } : {}),
        ...(media
          ? {
              mediaType: media.mediaType,
              mimeType: media.mimeType,
              fileName: media.fileName,
              mediaUrl: media.mediaUrl,
              readMedia: async () => media.data,
            }
          : {}),
      },
      history: options.history ?? [],
      language: options.language ?? 'pt-BR',
      ...(options.reply ? { reply: options.reply } : {}),
    },
    state: options.state,
    now,
    signal: options.signal ?? new AbortController().signal,
    log: {
      info: (data, message) => logged.push({ level: 'info', data, message }),
      warn: (data, message) => logged.push({ level: 'warn', data, message }),
    },
  };
}

/**
 * The plugin's side of the suite: its contribution wired to a local fake of its upstream (built from the upstream's
 * public API documentation), settings that work against that fake, and a way to make the upstream fail.
 */
export interface IntegrationHarness {
  contribution: IntegrationContribution;
  /** Settings that work against the fake upstream (secrets in plain text, as core hands them over). */
  config: Record<string, unknown>;
  /** Settings the upstream refuses (a wrong key, slug or URL), when the plugin has testSession. */
  badConfig?: Record<string, unknown>;
  /** A contact's message the integration answers with at least one reply. */
  firstMessage: string;
  /** Makes the upstream unreachable (close the fake server): handle must then fail, not hang. */
  breakUpstream(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * What every integration must do, run by each integration package in its own jest tests (DESIGN §3):
 * describe itself, answer a message with replies core can send, keep its state as JSON, fail (never hang) when its
 * upstream is away or core gives up, check settings with testSession, and never log a secret.
 */
export function describeIntegrationConformance(name: string, makeHarness: () => Promise<IntegrationHarness>): void {
  describe(`${name}: integration conformance`, () => {
    let harness: IntegrationHarness;
    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await harness.dispose();
    });

    it('describes itself: a type, a name and settings with unique keys', () => {
      const { contribution } = harness;
      expect(contribution.type).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(contribution.description.name).toBeTruthy();
      const keys = contribution.description.settings.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('answers a message with replies that carry a text or a file, and state that survives JSON', async () => {
      const result = await harness.contribution.handle(integrationContext({ config: harness.config, body: harness.firstMessage }));
      expect(result.replies.length).toBeGreaterThan(0);
      for (const reply of result.replies) expect(Boolean(reply.body?.trim()) || Boolean(reply.media)).toBe(true);
      if (result.state) expect(JSON.parse(JSON.stringify(result.state))).toEqual(result.state);
    });

    it('fails, without hanging, when its upstream is unreachable', async () => {
      await harness.breakUpstream();
      await expect(
        harness.contribution.handle(integrationContext({ config: harness.config, body: harness.firstMessage })),
      ).rejects.toThrow();
    });

    it('stops when core gives up waiting (the signal is aborted)', async () => {
      const controller = new AbortController();
      controller.abort();
      const ctx = integrationContext({ config: harness.config, body: harness.firstMessage, signal: controller.signal });
      await expect(harness.contribution.handle(ctx)).rejects.toThrow();
    });

    it('checks its settings with testSession: good ones pass, refused ones say why', async () => {
      const { contribution } = harness;
      if (!contribution.testSession) return;
      const signal = new AbortController().signal;
      await expect(contribution.testSession(harness.config, { signal })).resolves.toMatchObject({ ok: true });
      if (!harness.badConfig) return;
      const refused = await contribution.testSession(harness.badConfig, { signal });
      expect(refused.ok).toBe(false);
      expect(refused.message).toBeTruthy();
    });

    it('never writes a secret setting to its log', async () => {
      const logged: LoggedLine[] = [];
      const secrets = harness.contribution.description.settings
        .filter((field) => field.secret)
        .map((field) => harness.config[field.key])
        .filter((value): value is string => typeof value === 'string' && value.length > 0);
      await harness.contribution.handle(integrationContext({ config: harness.config, body: harness.firstMessage, logged }));
      await harness.breakUpstream();
      await harness.contribution
        .handle(integrationContext({ config: harness.config, body: harness.firstMessage, logged }))
        .catch(() => undefined);
      const written = JSON.stringify(logged);
      for (const secret of secrets) expect(written).not.toContain(secret);
    });
  });
}
