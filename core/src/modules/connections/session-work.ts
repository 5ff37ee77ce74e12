export const SessionWork = Symbol('SessionWork');
/**
 * Work that runs on the node that runs a connection's session, told when the session arrives on this node and when
 * it leaves (the messages module binds it: the connection's delivery queue is served where the session lives).
 */
export interface SessionWork {
  serve(connectionId: number): void;
  unserve(connectionId: number): Promise<void>;
}
