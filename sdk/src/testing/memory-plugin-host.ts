import type { ConnectionInfo, InboundEvent, PluginHost, PluginStore } from '../channel.js';
import type { RealtimeNamespace } from '../http.js';
import { MemoryPluginStore, QuietLogger } from './recording-context.js';

/**
 * A PluginHost for testing a channel plugin's routes on their own: connections found by token, public id or address
 * from a list, inbound events recorded (and optionally passed on), stores in memory, namespaces on the socket.io
 * server given.
 */
export class MemoryPluginHost implements PluginHost {
  readonly log = new QuietLogger();
  readonly events: { connection: ConnectionInfo; event: InboundEvent }[] = [];
  private readonly stores = new Map<number, PluginStore>();
  /** Where host.inbound goes besides `events` (e.g. the conformance suite's recording context). */
  onInbound?: (connection: ConnectionInfo, event: InboundEvent) => Promise<void>;

  constructor(
    readonly connections: ConnectionInfo[],
    /** A socket.io 4 Server, for plugins with a socket namespace. */
    private readonly io?: { of(name: string): RealtimeNamespace },
    /** The address setting of each channel (what its description marks `address: true`), e.g. { facebook: 'pageId' }. */
    private readonly addressFields: Record<string, string> = {},
  ) {}

  async findConnectionByToken(channel: string, token: string): Promise<ConnectionInfo | undefined> {
    return this.connections.find((connection) => connection.channel === channel && connection.token === token);
  }

  async findConnectionByPublicId(channel: string, publicId: string): Promise<ConnectionInfo | undefined> {
    return this.connections.find((connection) => connection.channel === channel && connection.publicId === publicId);
  }

  /** The first connection of the channel whose address setting (the field marked `address`) holds the value. */
  async findConnectionByAddress(channel: string, address: string): Promise<ConnectionInfo | undefined> {
    const field = this.addressFields[channel];
    if (!field) return undefined;
    return this.connections.find((connection) => connection.channel === channel && String(connection.settings?.[field] ?? '') === address);
  }

  async inbound(connection: ConnectionInfo, event: InboundEvent): Promise<void> {
    this.events.push({ connection, event });
    await this.onInbound?.(connection, event);
  }

  namespace(name: string): RealtimeNamespace {
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
