import type { ChannelSession, ConnectionInfo } from '@switchboard/sdk';

export interface LiveSession {
  connection: ConnectionInfo;
  session: ChannelSession;
}

/**
 * The channel sessions live on this node, by connection id. The session manager registers each session it
 * starts; features that must send on their own (message delivery, password recovery) look the connection up here.
 */
export class LiveSessions {
  private readonly sessions = new Map<number, LiveSession>();

  register(live: LiveSession): { dispose(): void } {
    this.sessions.set(live.connection.id, live);
    return { dispose: () => this.sessions.get(live.connection.id) === live && this.sessions.delete(live.connection.id) };
  }

  get(connectionId: number): LiveSession | undefined {
    return this.sessions.get(connectionId);
  }

  all(): LiveSession[] {
    return [...this.sessions.values()];
  }
}
