import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContainerModule, injectable } from '@switchboard/sdk';
import { ConversationTimerHandler, ConversationTimers, type ConversationTimer } from '../conversation-timers.js';
import { startRoutingScenario, type RoutingScenario } from './routing-scenario.js';

const fired: ConversationTimer[] = [];
let failuresLeft = 0;

@injectable()
class RecordingHandler implements ConversationTimerHandler {
  readonly kind = 'test-recording';
  async fire(timer: ConversationTimer): Promise<void> {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('not now');
    }
    fired.push(timer);
  }
}

let scenario: RoutingScenario;

beforeAll(async () => {
  scenario = await startRoutingScenario({
    extraModules: [new ContainerModule((bind) => void bind(ConversationTimerHandler).to(RecordingHandler))],
  });
});

afterAll(async () => {
  await scenario?.stop();
});

describe('conversation timers', () => {
  it('run once when the clock reaches them, replaced by a newer setting of the same kind', async () => {
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    const timers = scenario.server.container.get(ConversationTimers);
    const base = { companyId: scenario.company.companyId, ticketId: ticket.id as number, kind: 'test-recording' };
    await timers.set({ ...base, inMs: 60_000, payload: { round: 1 } });
    await timers.set({ ...base, inMs: 120_000, payload: { round: 2 } });
    expect(await timers.pending(scenario.company.companyId, ticket.id)).toHaveLength(1);

    scenario.clock.advance(90_000);
    expect(await scenario.sweep()).toBe(0);
    scenario.clock.advance(60_000);
    expect(await scenario.sweep()).toBe(1);
    expect(fired.map((timer) => timer.payload)).toEqual([{ round: 2 }]);
    expect(await scenario.sweep()).toBe(0);
    expect(await timers.pending(scenario.company.companyId, ticket.id)).toHaveLength(0);
  });

  it('retry a failing timer later instead of losing it, and cancel on demand', async () => {
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    const timers = scenario.server.container.get(ConversationTimers);
    fired.length = 0;
    failuresLeft = 1;
    await timers.set({ companyId: scenario.company.companyId, ticketId: ticket.id, kind: 'test-recording', inMs: 1000 });
    scenario.clock.advance(2000);
    expect(await scenario.sweep()).toBe(0);
    expect(await timers.pending(scenario.company.companyId, ticket.id)).toHaveLength(1);
    scenario.clock.advance(31_000);
    expect(await scenario.sweep()).toBe(1);
    expect(fired).toHaveLength(1);

    await timers.set({ companyId: scenario.company.companyId, ticketId: ticket.id, kind: 'test-recording', inMs: 1000 });
    await timers.cancel({ companyId: scenario.company.companyId, ticketId: ticket.id });
    scenario.clock.advance(5000);
    expect(await scenario.sweep()).toBe(0);
  });
});
