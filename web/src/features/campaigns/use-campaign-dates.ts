import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { Campaign } from './campaign-rules';

const DATE_FORMAT = 'dd/MM/yyyy HH:mm';

/** A campaign's schedule and conclusion as shown on the list and the report, or the spec's words for none. */
export function useCampaignDates() {
  const { t } = useTranslation();
  return {
    scheduledAt: (campaign: Pick<Campaign, 'scheduledAt'>) =>
      campaign.scheduledAt ? format(parseISO(campaign.scheduledAt), DATE_FORMAT) : t('campaigns.list.noSchedule'),
    completedAt: (campaign: Pick<Campaign, 'completedAt'>) =>
      campaign.completedAt ? format(parseISO(campaign.completedAt), DATE_FORMAT) : t('campaigns.list.notCompleted'),
  };
}
