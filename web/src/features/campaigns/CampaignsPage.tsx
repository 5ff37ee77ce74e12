import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { CampaignActions } from './CampaignActions';
import { CampaignModal } from './CampaignModal';
import { CampaignStatusChip } from './CampaignStatusChip';
import { campaignToast } from './campaign-toast';
import { connectionNames, type Campaign } from './campaign-rules';
import { useCampaignDates } from './use-campaign-dates';
import { useCampaignsPageInfiniteQuery, useDeleteCampaignMutation } from './campaigns.api';

/** /campaigns (spec 3 §2.5): the company's campaigns, live, with stop, restart, report, edit and delete. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [dialog, setDialog] = useState<{ campaignId?: number } | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useCampaignsPageInfiniteQuery(args), (page) => page.records);
  const [deleteCampaign] = useDeleteCampaignMutation();
  const dates = useCampaignDates();

  const cells = (campaign: Campaign) => ({
    contactList: campaign.contactList?.name ?? t('campaigns.list.noContactList'),
    connection: connectionNames(campaign) ?? t('campaigns.list.noConnection'),
    scheduledAt: dates.scheduledAt(campaign),
    completedAt: dates.completedAt(campaign),
    confirmation: campaign.confirmation ? t('campaigns.list.confirmationOn') : t('campaigns.list.confirmationOff'),
  });
  const actions = (campaign: Campaign) => (
    <CampaignActions campaign={campaign} onEdit={() => setDialog({ campaignId: campaign.id })} onDelete={() => setDeleting(campaign)} />
  );

  return (
    <RecordsPage
      title={t('campaigns.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('campaigns.search') }}
      actions={<AddRecordButton label={t('campaigns.add')} onClick={() => setDialog({})} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('campaigns.empty.title'), message: t('campaigns.empty.message') }}
        label={t('campaigns.title')}
        columns={[
          { label: t('campaigns.columns.name') },
          { label: t('campaigns.columns.status') },
          { label: t('campaigns.columns.contactList') },
          { label: t('campaigns.columns.connection') },
          { label: t('campaigns.columns.scheduledAt') },
          { label: t('campaigns.columns.completedAt') },
          { label: t('campaigns.columns.confirmation') },
        ]}
        actionsLabel={t('campaigns.columns.actions')}
        renderCard={(campaign) => {
          const shown = cells(campaign);
          return (
            <RecordCard>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                  {campaign.name}
                </Typography>
                <CampaignStatusChip status={campaign.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {shown.contactList} · {shown.connection}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shown.scheduledAt} · {shown.completedAt}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {t('campaigns.columns.confirmation')}: {shown.confirmation}
                </Typography>
                {actions(campaign)}
              </Box>
            </RecordCard>
          );
        }}
        renderCells={(campaign) => {
          const shown = cells(campaign);
          return (
            <>
              <TableCell sx={{ fontWeight: 500 }}>{campaign.name}</TableCell>
              <TableCell>
                <CampaignStatusChip status={campaign.status} />
              </TableCell>
              <TableCell>{shown.contactList}</TableCell>
              <TableCell>{shown.connection}</TableCell>
              <TableCell>{shown.scheduledAt}</TableCell>
              <TableCell>{shown.completedAt}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={campaign.confirmation ? 'success' : 'default'} label={shown.confirmation} />
              </TableCell>
            </>
          );
        }}
        renderActions={actions}
      />

      <CampaignModal open={Boolean(dialog)} campaignId={dialog?.campaignId} onClose={() => setDialog(null)} />
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('campaigns.confirmDelete.title')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteCampaign(deleting.id)
            .unwrap()
            .then(() => campaignToast.success(t('campaigns.toasts.deleted')))
            .catch(campaignToast.error);
        }}
      >
        {t('campaigns.confirmDelete.message', { name: deleting?.name ?? '' })}
      </ConfirmationModal>
    </RecordsPage>
  );
}
