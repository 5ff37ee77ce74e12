import type { Message } from './messages.api';

/**
 * One message known twice (the cached copy and a socket event or an answer), as one: the later state wins, and the
 * delivery mark only moves forward. A send's answer can arrive after the socket already told its delivery or
 * reading (a text is delivered before its POST returns), so an older copy must not bring the clock back.
 */
export function mergeMessage(cached: Message, incoming: Message): Message {
  const older = Boolean(cached.updatedAt && incoming.updatedAt && Date.parse(incoming.updatedAt) < Date.parse(cached.updatedAt));
  const merged = older ? { ...incoming, ...cached } : { ...cached, ...incoming };
  // Socket payloads come from raw rows and carry no quotedMsg: keep the one already loaded.
  return {
    ...merged,
    ack: Math.max(cached.ack ?? 0, incoming.ack ?? 0),
    quotedMsg: merged.quotedMsg ?? cached.quotedMsg ?? incoming.quotedMsg,
  };
}
