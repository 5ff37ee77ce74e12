import { inject, injectable } from '@switchboard/sdk';
import type { ChatEvent } from '@switchboard/sdk/contracts';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';

/** Tells a chat's change live to the users it concerns, in their own rooms: a chat is private to its members. */
@injectable()
export class ChatEvents {
  constructor(
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  tell(userIds: number[], event: Sendable<ChatEvent>): void {
    if (userIds.length === 0) return;
    try {
      this.realtime.emit(userIds.map(rooms.user), 'chat', event);
    } catch (error) {
      // The change is stored; a lost event is repaired by the next read of the list.
      this.logger.warn({ err: error }, 'could not tell a chat change');
    }
  }
}
