import { jest } from '@jest/globals';
import type { RealtimeBus } from '../platform/realtime/realtime-bus.js';

type Seen = (room: string | string[], event: string, payload: unknown) => void;

/**
 * Records what the bus is asked to send, as (room, event, payload), whether through emit or emitViews (whose
 * masked view is left out), and still sends it. mockRestore puts both methods back.
 */
export function spyOnRealtime(bus: RealtimeBus): jest.Mock<Seen> {
  const seen = jest.fn<Seen>();
  // The class's own methods: a second spy on the same bus must not call through the first one.
  const own = Object.getPrototypeOf(bus) as RealtimeBus;
  const emit = own.emit.bind(bus);
  const emitViews = own.emitViews.bind(bus);
  const emitSpy = jest.spyOn(bus, 'emit').mockImplementation((room, event, payload, except) => {
    seen(room, event, payload);
    emit(room, event, payload, except);
  });
  const viewsSpy = jest.spyOn(bus, 'emitViews').mockImplementation((room, event, payload, masked, except) => {
    seen(room, event, payload);
    emitViews(room, event, payload, masked, except);
  });
  seen.mockRestore = () => {
    emitSpy.mockRestore();
    viewsSpy.mockRestore();
  };
  return seen;
}
