import type { Campaign, CampaignReport } from '@switchboard/sdk/contracts';

export interface CampaignProgress extends Omit<CampaignReport, 'failed'> {
  /** 0 to 100, for the progress bar. */
  percent: number;
}

/**
 * The report's figures (spec 3 §2.6) from the counts the server sends with the campaign (GET /campaigns/:id and
 * each `campaign` event): valid contacts, confirmations asked and received, deliveries, and how far along it is.
 */
export function campaignProgress(campaign: Pick<Campaign, 'report'> | undefined): CampaignProgress {
  const report = campaign?.report;
  const validContacts = report?.validContacts ?? 0;
  const delivered = report?.delivered ?? 0;
  return {
    validContacts,
    confirmationRequested: report?.confirmationRequested ?? 0,
    confirmationReceived: report?.confirmationReceived ?? 0,
    delivered,
    percent: validContacts > 0 ? Math.min(100, Math.round((delivered / validContacts) * 100)) : 0,
  };
}
