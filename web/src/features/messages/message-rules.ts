import type { Message } from './messages.api';

/** Spec 1 §5: an own message may be edited for 15 minutes. */
export const EDIT_WINDOW_MS = 900_000;

/** Events about other messages (a reaction, a call) are not content an agent answers, edits or forwards. */
export function isContent(message: Message): boolean {
  return !message.isDeleted && message.mediaType !== 'reactionMessage' && message.mediaType !== 'call_log';
}

export function isOwn(message: Message, userId: number | undefined): boolean {
  return message.fromMe && userId !== undefined && message.userId === userId;
}

export function canEdit(message: Message, userId: number | undefined, now = Date.now()): boolean {
  return isOwn(message, userId) && isContent(message) && now - new Date(message.createdAt).getTime() <= EDIT_WINDOW_MS;
}

/** The sender of a message in a group: the name the channel gave, its contact's name, else the participant's number. */
export function groupSender(message: Message): string | null {
  if (message.fromMe) return null;
  return message.participantName || message.contact?.name || (message.participant ? participantNumber(message.participant) : null);
}

export function participantNumber(participant: string): string {
  return participant.split('@')[0].split(':')[0];
}

/** The "*Name:*" line core puts before an agent's text when messages are signed (sendSignMessage). */
export function splitSignature(body: string, name: string | undefined): { signature: string; text: string } {
  const signature = name ? `*${name}:*\n` : '';
  return signature && body.startsWith(signature) ? { signature, text: body.slice(signature.length) } : { signature: '', text: body };
}
