import { useSyncExternalStore } from 'react';
import type { Message } from './messages.api';

/**
 * What the message list hands to the composer of a ticket: the message being quoted (reply) or edited. Kept
 * per ticket in one small store of this feature, so the list and the composer share it without a provider
 * from the pane that renders them.
 */
export interface ComposerIntent {
  replyTo: Message | null;
  editing: Message | null;
}

const EMPTY: ComposerIntent = { replyTo: null, editing: null };
const intents = new Map<number, ComposerIntent>();
const listeners = new Set<() => void>();

function set(ticketId: number, next: ComposerIntent): void {
  intents.set(ticketId, next);
  listeners.forEach((listener) => listener());
}

export const composerIntent = {
  reply: (ticketId: number, message: Message) => set(ticketId, { replyTo: message, editing: null }),
  edit: (ticketId: number, message: Message) => set(ticketId, { replyTo: null, editing: message }),
  clear: (ticketId: number) => set(ticketId, EMPTY),
  get: (ticketId: number): ComposerIntent => intents.get(ticketId) ?? EMPTY,
};

export function useComposerIntent(ticketId: number): ComposerIntent {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => composerIntent.get(ticketId),
  );
}
