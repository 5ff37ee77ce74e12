import { inject, injectable } from '@switchboard/sdk';
import type { ServerToClientEvents } from '@switchboard/sdk/contracts';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';

type ListEvent = Sendable<ServerToClientEvents['contactList']>;
type ItemEvent = Sendable<ServerToClientEvents['contactListItem']>;

/**
 * The live events of contact lists (spec 3 §7 "Live events"): lists and items go to the company's room, an import's
 * progress only to the user who started it. A lost event never fails the change that caused it.
 */
@injectable()
export class ContactListEvents {
  constructor(
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  list(companyId: number, payload: ListEvent): void {
    this.send(rooms.company(companyId), 'contactList', payload);
  }

  item(companyId: number, payload: ItemEvent): void {
    this.send(rooms.company(companyId), 'contactListItem', payload);
  }

  importProgress(userId: number, progress: { contactListId: number; processed: number; total: number }): void {
    this.send(rooms.user(userId), 'contactListItem', { action: 'progress', ...progress });
  }

  private send<E extends 'contactList' | 'contactListItem'>(room: string, event: E, payload: Sendable<ServerToClientEvents[E]>): void {
    try {
      this.realtime.emit(room, event, payload);
    } catch (error) {
      this.logger.warn({ err: error, event }, 'could not announce a contact list change');
    }
  }
}
