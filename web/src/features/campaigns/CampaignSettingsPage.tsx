import { useState } from 'react';
import { Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { CampaignVariablesTable } from './CampaignVariablesTable';
import { campaignToast } from './campaign-toast';
import {
  DEFAULT_CAMPAIGN_SETTINGS,
  useCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
  type CampaignSettings,
} from './campaigns.api';

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** Spec 3 §9: the choices of each interval; 0 is 'no break' or 'undefined' for the first two. */
const INTERVAL_CHOICES: Record<IntervalField, number[]> = {
  messageInterval: [0, 5, 10, 15, 20],
  longerIntervalAfter: [0, 5, 10, 15, 20],
  greaterInterval: [0, 20, 30, 40, 50, 60],
};

/** /campaigns-config (spec 3 §2.7): how fast campaigns send, and the custom variables their messages may use. */
export default function CampaignSettingsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useCampaignSettingsQuery();
  const [saveSettings, { isLoading: saving }] = useSaveCampaignSettingsMutation();
  // What the user changed since the last load; the server's settings until then.
  const [draft, setDraft] = useState<CampaignSettings | null>(null);
  const settings = draft ?? data ?? DEFAULT_CAMPAIGN_SETTINGS;
  const change = (patch: Partial<CampaignSettings>) => setDraft({ ...settings, ...patch });

  const save = () =>
    saveSettings(settings)
      .unwrap()
      .then(() => {
        setDraft(null);
        campaignToast.success(t('campaigns.settings.saved'));
      })
      .catch(campaignToast.error);

  const choiceLabel = (field: IntervalField, value: number) => {
    if (value === 0 && field === 'messageInterval') return t('campaigns.settings.noBreak');
    if (value === 0 && field === 'longerIntervalAfter') return t('campaigns.settings.undefined');
    return t(field === 'longerIntervalAfter' ? 'campaigns.settings.messages' : 'campaigns.settings.seconds', { value });
  };

  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, overflow: 'auto', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('campaigns.settings.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={saving ? <CircularProgress size={16} /> : <SaveIcon />}
          onClick={() => void save()}
          disabled={saving}
        >
          {t('common.save')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('campaigns.settings.intervals')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {(Object.keys(INTERVAL_CHOICES) as IntervalField[]).map((field) => (
            <TextField
              key={field}
              select
              size="small"
              label={t(`campaigns.settings.${field}`)}
              value={settings[field]}
              onChange={(event) => change({ [field]: Number(event.target.value) })}
            >
              {INTERVAL_CHOICES[field].map((value) => (
                <MenuItem key={value} value={value}>
                  {choiceLabel(field, value)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      </Paper>
      <CampaignVariablesTable variables={settings.variables} onChange={(variables) => change({ variables })} />
    </Box>
  );
}
