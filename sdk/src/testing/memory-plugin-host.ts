import type { Server } from 'socket.io';
import type { ConnectionInfo, InboundEvent, PluginHost, PluginStore } from '../channel.js';
import { MemoryPluginStore, QuietLogger } from './recording-context.js';

/**
 * A PluginHost for testing a channel plugin's routes on their own: connections found by token from a list, inbound
 * events recorded (and optionally passed on), stores in memory, namespaces on the socket.io server given.
 */
export class MemoryPluginHost implements PluginHost {
  readonly log = new QuietLogger();
  readonly events: { connection: ConnectionInfo; event: InboundEvent }[] = [];
  private readonly stores = new Map<number, PluginStore>();
  /** Where host.inbound goes besides `events` (e.g. the conformance suite's recording context). */
  onInbound?: (connection: ConnectionInfo, event: InboundEvent) => Promise<void>;

  constructor(
    readonly connections: ConnectionInfo[],
    private readonly io?: Server,
  ) {}

  async findConnectionByToken(channel: string, token: string): Promise<ConnectionInfo | undefined> {
    return this.connections.find((connection) => connection.channel === channel && connection.token === token);
  }

  async findConnectionsBySetting(channel: string, key: string, value: string): Promise<ConnectionInfo[]> {
    return this.connections.filter((connection) => connection.channel === channel && String(connection.settings?.[key] ?? '') === value);
  }

  async inbound(connection: ConnectionInfo, event: InboundEvent): Promise<void> {
    this.events.push({ connection, event });
    await this.onInbound?.(connection, event);
  }

  namespace(name: string) {
    if (!this.io) throw new Error('This test host was made without a socket.io server');
    return this.io.of(name);
  }

  store(connection: ConnectionInfo): PluginStore {
    let store = this.stores.get(connection.id);
    if (!store) this.stores.set(connection.id, (store = new MemoryPluginStore()));
    return store;
  }

  /** Makes the host and a session share one store (as core does for a connection). */
  useStore(connection: ConnectionInfo, store: PluginStore): void {
    this.stores.set(connection.id, store);
  }
}
