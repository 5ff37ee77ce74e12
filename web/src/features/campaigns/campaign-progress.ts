import type { Campaign } from '@switchboard/sdk/contracts';

/** One recipient's shipping row as GET /campaigns/:id carries it (spec 3 §3). */
export interface CampaignShipping {
  deliveredAt?: string | null;
  confirmationRequestedAt?: string | null;
  confirmedAt?: string | null;
}

/** A campaign as its report reads it: the list's contacts and the shipping rows come with GET /campaigns/:id. */
export type CampaignDetail = Campaign & {
  contactList?: { id: number; name: string; contacts?: { isWhatsappValid?: boolean }[] } | null;
  shipping?: CampaignShipping[];
};

export interface CampaignProgress {
  validContacts: number;
  confirmationsRequested: number;
  confirmationsReceived: number;
  delivered: number;
  /** 0 to 100, for the progress bar. */
  percent: number;
}

/**
 * The report's figures (spec 3 §2.6): the list's WhatsApp-valid contacts (a campaign sent to a tag has no list, so
 * its shipping rows are its recipients), and how many were delivered, asked to confirm and confirmed.
 */
export function campaignProgress(campaign: CampaignDetail | undefined): CampaignProgress {
  const shipping = campaign?.shipping ?? [];
  const contacts = campaign?.contactList?.contacts;
  const validContacts = contacts ? contacts.filter((contact) => contact.isWhatsappValid !== false).length : shipping.length;
  const delivered = shipping.filter((row) => row.deliveredAt).length;
  const confirmationsRequested = shipping.filter((row) => row.confirmationRequestedAt).length;
  const confirmationsReceived = shipping.filter((row) => row.confirmedAt).length;
  const percent = validContacts > 0 ? Math.min(100, Math.round((delivered / validContacts) * 100)) : 0;
  return { validContacts, confirmationsRequested, confirmationsReceived, delivered, percent };
}
