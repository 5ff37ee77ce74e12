import { useState } from 'react';
import type { MediaChange } from './CampaignMediaField';
import type { CampaignInput } from './campaign-rules';
import {
  useAttachCampaignMediaMutation,
  useCreateCampaignMutation,
  useDetachCampaignMediaMutation,
  useUpdateCampaignMutation,
} from './campaigns.api';

/**
 * Saves the form: the campaign, then its file. The server takes a file only while the campaign may change (not
 * within the hour before it is due), so a scheduled campaign with a new file is saved unscheduled first and given
 * its time last. A campaign created by a save that failed later is updated by the next try, not created again.
 */
export function useSaveCampaign(existingId: number | undefined) {
  const [createCampaign] = useCreateCampaignMutation();
  const [updateCampaign] = useUpdateCampaignMutation();
  const [attachMedia] = useAttachCampaignMediaMutation();
  const [detachMedia] = useDetachCampaignMediaMutation();
  const [createdId, setCreatedId] = useState<number | null>(null);

  const save = async (body: Partial<CampaignInput>, media: MediaChange, hadMedia: boolean): Promise<void> => {
    const scheduleLast = media !== null && Boolean(body.scheduledAt);
    const first = scheduleLast ? { ...body, scheduledAt: null } : body;
    let id = existingId ?? createdId;
    if (id) await updateCampaign({ id, ...first }).unwrap();
    else {
      id = (await createCampaign(first as CampaignInput).unwrap()).id;
      setCreatedId(id);
    }
    if (media instanceof File) await attachMedia({ id, file: media }).unwrap();
    else if (media === 'remove' && hadMedia) await detachMedia(id).unwrap();
    if (scheduleLast) await updateCampaign({ id, scheduledAt: body.scheduledAt }).unwrap();
  };

  return { save, reset: () => setCreatedId(null) };
}
