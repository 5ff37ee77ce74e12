import type { Campaign } from '@switchboard/sdk/contracts';
import { inject, injectable } from '@switchboard/sdk';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';

/** The `campaign` socket event to the company's room (spec 3 §7 "Live events"); an event lost is only logged. */
@injectable()
export class CampaignEvents {
  constructor(
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  changed(companyId: number, action: 'create' | 'update', record: Campaign): void {
    this.emit(companyId, () => this.realtime.emit(rooms.company(companyId), 'campaign', { action, record }));
  }

  deleted(companyId: number, id: number): void {
    this.emit(companyId, () => this.realtime.emit(rooms.company(companyId), 'campaign', { action: 'delete', id }));
  }

  private emit(companyId: number, send: () => void): void {
    try {
      send();
    } catch (error) {
      this.logger.warn({ err: error, companyId }, 'could not announce a campaign change');
    }
  }
}
