import type { Campaign, CampaignReport, CampaignStatus } from '@switchboard/sdk/contracts';
import { MESSAGE_SLOTS } from './campaigns.schema.js';

export type { CampaignReport };

/** A campaigns row as the database answers it. */
export interface CampaignRow {
  id: number;
  company_id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduled_at: Date | null;
  completed_at: Date | null;
  contact_list_id: number | null;
  tag_list_id: number | null;
  whatsapp_id: number | null;
  whatsapp_ids: number[] | null;
  file_list_id: number | null;
  media_path: string | null;
  media_name: string | null;
  media_mime_type: string | null;
  created_at: Date;
  updated_at: Date;
  [column: `message${number}` | `confirmation_message${number}`]: string | null;
}

export interface CampaignNames {
  contactList?: { id: number; name: string } | null;
  tagList?: { id: number; name: string } | null;
  whatsapps?: { id: number; name: string }[];
}

/** The connections of a campaign, in the order they take turns. */
export function connectionIdsOf(row: Pick<CampaignRow, 'whatsapp_id' | 'whatsapp_ids'>): number[] {
  const ids = Array.isArray(row.whatsapp_ids) ? row.whatsapp_ids.map(Number) : [];
  return ids.length > 0 ? ids : row.whatsapp_id ? [row.whatsapp_id] : [];
}

/** The non-empty texts of message1..5 (or confirmationMessage1..5). */
export function messageTexts(row: CampaignRow, kind: 'message' | 'confirmation_message'): string[] {
  return MESSAGE_SLOTS.map((slot) => row[`${kind}${slot}`]).filter((text): text is string => Boolean(text?.trim()));
}

/** The API's campaign (spec 3 §3): whatsappId comma-joined, messages by slot, names of what it points at. */
export function campaignView(row: CampaignRow, names: CampaignNames = {}, report?: CampaignReport): Campaign {
  const ids = connectionIdsOf(row);
  const whatsapps = names.whatsapps ?? [];
  const view: Campaign = {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: row.scheduled_at ? new Date(row.scheduled_at).toISOString() : null,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    contactListId: row.contact_list_id,
    tagListId: row.tag_list_id,
    whatsappId: ids.length > 0 ? ids.join(',') : null,
    fileListId: row.file_list_id,
    mediaPath: row.media_path,
    mediaName: row.media_name,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    contactList: names.contactList ?? null,
    tagList: names.tagList ?? null,
    whatsapp: whatsapps.find((connection) => connection.id === ids[0]) ?? null,
    whatsapps: ids.flatMap((id) => whatsapps.filter((connection) => connection.id === id)),
  };
  for (const slot of MESSAGE_SLOTS) {
    view[`message${slot}`] = row[`message${slot}`] ?? null;
    view[`confirmationMessage${slot}`] = row[`confirmation_message${slot}`] ?? null;
  }
  if (report) view.report = report;
  return view;
}
