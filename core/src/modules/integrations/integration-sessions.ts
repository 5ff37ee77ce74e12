import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';

/**
 * What an integration keeps for a ticket between its messages (IntegrationResult.state: a Typebot session, its
 * expiry), one row per ticket in integration_sessions, so a restart keeps the bot's conversation.
 */
@injectable()
export class IntegrationSessions {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async read(companyId: number, ticketId: number): Promise<Record<string, unknown> | undefined> {
    const row = await this.tenancy.of(companyId).table('integration_sessions').where('ticket_id', ticketId).first('state');
    return (row?.state as Record<string, unknown> | undefined) ?? undefined;
  }

  async keep(companyId: number, ticketId: number, state: Record<string, unknown>): Promise<void> {
    await this.tenancy
      .of(companyId)
      .insertInto('integration_sessions', { ticket_id: ticketId, state: JSON.stringify(state) })
      .onConflict('ticket_id')
      .merge({ state: JSON.stringify(state), updated_at: new Date() });
  }

  async forget(companyId: number, ticketId: number): Promise<void> {
    await this.tenancy.of(companyId).table('integration_sessions').where('ticket_id', ticketId).delete();
  }
}
