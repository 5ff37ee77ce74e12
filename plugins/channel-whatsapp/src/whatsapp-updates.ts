import type { Ack, InboundEvent } from '@switchboard/sdk';
import { proto, type BaileysEventMap } from '@whiskeysockets/baileys';

type Status = proto.WebMessageInfo.Status;
const Status = proto.WebMessageInfo.Status;

/** Baileys' message status (PENDING..PLAYED) as core's ack 0..4; ERROR has none. */
export function ackOfStatus(status: Status | null | undefined): Ack | undefined {
  switch (status) {
    case Status.PENDING:
      return 0;
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 3;
    case Status.PLAYED:
      return 4;
    default:
      return undefined;
  }
}

/** Acks from 'messages.update' (status changes). */
export function acksOfUpdates(updates: BaileysEventMap['messages.update']): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const { key, update } of updates) {
    const ack = ackOfStatus(update.status);
    if (key.id && ack !== undefined) events.push({ type: 'ack', externalId: key.id, ack });
  }
  return events;
}

/** Acks from 'message-receipt.update' (per-user receipts, in groups and 1:1). */
export function acksOfReceipts(receipts: BaileysEventMap['message-receipt.update']): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const { key, receipt } of receipts) {
    if (!key.id) continue;
    const ack: Ack | undefined = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
    if (ack !== undefined) events.push({ type: 'ack', externalId: key.id, ack });
  }
  return events;
}

type CallStatus = Extract<InboundEvent, { type: 'call' }>['status'];
const CALL_STATUSES: Partial<Record<string, CallStatus>> = {
  offer: 'offer',
  timeout: 'missed',
  reject: 'rejected',
  accept: 'accepted',
};

/** The call status core knows for a Baileys call update, or undefined for the in-between ones (ringing...). */
export const callStatusOf = (status: string): CallStatus | undefined => CALL_STATUSES[status];
