import { Writable } from 'node:stream';
import { pino } from 'pino';
import {
  ContainerModule,
  IntegrationContribution,
  type IntegrationContext,
  type IntegrationResult,
  type PluginDescription,
  type TestResult,
} from '@switchboard/sdk';
import { Logger } from '../../../platform/tokens.js';

export const COUNTING_BOT = 'counting-bot';

/**
 * A small integration plugin for tests that answers from the conversation it receives: it echoes the contact's
 * message with how many it has seen (its state) and how much history it got; "transfer" moves the ticket to the
 * queue its settings name, "human" hands it to a person, "bye" closes it, "voice" answers with a voice note, "fail" is an upstream failure that repeats
 * its secret token.
 */
export class CountingBot implements IntegrationContribution {
  readonly type = COUNTING_BOT;
  readonly historyLimit = 3;
  readonly description: PluginDescription = {
    name: 'Counting bot',
    settings: [
      { key: 'urlN8N', type: 'url', label: 'URL', required: true },
      { key: 'token', type: 'string', label: 'Token', secret: true, required: true },
      { key: 'transferQueueId', type: 'number', label: 'Transfer queue' },
    ],
  };
  /** Every conversation it was asked to answer, in order. */
  readonly seen: IntegrationContext[] = [];

  async handle(ctx: IntegrationContext): Promise<IntegrationResult> {
    this.seen.push(ctx);
    const said = ctx.conversation.message.body.trim();
    if (said === 'fail') throw new Error(`upstream refused token ${String(ctx.config.token)}`);
    if (said === 'human') return { replies: [{ body: 'Um atendente vai falar com você' }], handOff: true };
    if (said === 'transfer') return { replies: [], transfer: { queueId: Number(ctx.config.transferQueueId) } };
    if (said === 'bye') return { replies: [{ body: 'Até logo' }], close: true };
    if (said === 'voice') {
      return {
        replies: [{ media: { data: Buffer.from('OggS voice'), fileName: 'resposta.ogg', mimeType: 'audio/ogg' }, voiceNote: true }],
      };
    }
    const count = Number(ctx.state?.count ?? 0) + 1;
    return {
      replies: [{ body: `bot#${count}: ${said} (history ${ctx.conversation.history.length}, ${ctx.conversation.language})`, delayMs: 5 }],
      state: { count },
    };
  }

  async testSession(config: Record<string, unknown>): Promise<TestResult> {
    if (config.urlN8N === 'http://unreachable.test') throw new Error(`cannot reach it with ${String(config.token)}`);
    return config.token === 'good-token' ? { ok: true, message: 'Connected' } : { ok: false, message: 'Token refused' };
  }
}

/** The bot bound as a plugin would bind it. */
export function countingBotModule(bot: CountingBot): ContainerModule {
  return new ContainerModule((bind) => {
    bind(IntegrationContribution).toConstantValue(bot);
  });
}

/** The server's log lines as text, for checking that no secret reaches them. */
export function recordedLog(): { module: ContainerModule; text(): string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  return {
    module: new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Logger).toConstantValue(logger)),
    text: () => lines.join(''),
  };
}
