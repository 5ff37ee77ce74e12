/** What core needs from a live channel session to send a plain text (the sdk's ChannelSession fits it). */
export interface TextSender {
  sendText(to: string, body: string): Promise<void>;
}

/**
 * The channel sessions live on this node, by connection id. The session manager registers each session it
 * starts; features that must send on their own (password recovery) look the connection up here.
 */
export class LiveSessions {
  private readonly sessions = new Map<number, TextSender>();

  register(connectionId: number, session: TextSender): { dispose(): void } {
    this.sessions.set(connectionId, session);
    return { dispose: () => this.sessions.get(connectionId) === session && this.sessions.delete(connectionId) };
  }

  get(connectionId: number): TextSender | undefined {
    return this.sessions.get(connectionId);
  }
}
