import type { ReactNode } from 'react';
import { Box, Card, CardContent, CircularProgress, LinearProgress, Paper, Typography } from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CampaignsAccess } from './CampaignsAccess';
import { CampaignStatusChip } from './CampaignStatusChip';
import { campaignProgress } from './campaign-progress';
import { connectionNames } from './campaign-rules';
import { useCampaignDates } from './use-campaign-dates';
import { useCampaignQuery } from './campaigns.api';

/** One figure of the report: an icon, what it counts and its value. */
function ReportCard(props: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{props.icon}</Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {props.label}
          </Typography>
          <Typography variant="h6" component="p" noWrap>
            {props.value}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** /campaign/:campaignId/report (spec 3 §2.6): how far a campaign has gone, live from its 'campaign' events. */
export default function CampaignReportPage() {
  return (
    <CampaignsAccess>
      <CampaignReport />
    </CampaignsAccess>
  );
}

function CampaignReport() {
  const { t } = useTranslation();
  const campaignId = Number(useParams().campaignId);
  const { data: campaign, isLoading } = useCampaignQuery(campaignId, { skip: !Number.isSafeInteger(campaignId) });
  const dates = useCampaignDates();
  if (isLoading || !campaign) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        {isLoading ? <CircularProgress aria-label={t('common.loading')} /> : <Typography>{t('common.noRecords')}</Typography>}
      </Box>
    );
  }
  const progress = campaignProgress(campaign);
  const cards: { key: string; icon: ReactNode; value: ReactNode }[] = [
    { key: 'validContacts', icon: <GroupIcon />, value: progress.validContacts },
    { key: 'confirmationsRequested', icon: <HelpOutlineIcon />, value: progress.confirmationRequested },
    ...(campaign.confirmation ? [{ key: 'confirmationsReceived', icon: <DoneAllIcon />, value: progress.confirmationReceived }] : []),
    { key: 'delivered', icon: <CheckCircleOutlineIcon />, value: progress.delivered },
    { key: 'connection', icon: <WhatsAppIcon />, value: connectionNames(campaign) ?? t('campaigns.list.noConnection') },
    { key: 'contactList', icon: <ListAltIcon />, value: campaign.contactList?.name ?? t('campaigns.list.noContactList') },
    { key: 'schedule', icon: <ScheduleIcon />, value: dates.scheduledAt(campaign) },
    { key: 'conclusion', icon: <EventAvailableIcon />, value: dates.completedAt(campaign) },
  ];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, overflow: 'auto', height: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('campaigns.report.title', { name: campaign.name })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <CampaignStatusChip status={campaign.status} />
          <Typography role="status" aria-label={t('campaigns.report.statusLine')}>
            {t('campaigns.report.deliveredOf', { delivered: progress.delivered, valid: progress.validContacts })}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={progress.percent}
          aria-label={t('campaigns.report.progress')}
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {cards.map((card) => (
          <ReportCard key={card.key} icon={card.icon} label={t(`campaigns.report.${card.key}`)} value={card.value} />
        ))}
      </Box>
    </Box>
  );
}
