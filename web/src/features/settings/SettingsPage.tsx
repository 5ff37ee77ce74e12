import { useEffect, useState } from 'react';
import { Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { usesCompanySchedules } from './company-options';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useCompanySettingsQuery } from './settings.api';

type SettingsTab = 'options' | 'schedules';

/**
 * /settings (spec 2 §2, admin): the options tab always; the schedules tab while scheduleType is 'company', so
 * choosing 'company' there shows it at once.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  const admin = user?.profile === 'admin' || Boolean(user?.super);
  const companyId = user?.companyId ?? 0;
  const { data: settings, error } = useCompanySettingsQuery(companyId, { skip: !admin });
  const [tab, setTab] = useState<SettingsTab>('options');
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  if (!admin) return <Navigate to="/tickets" replace />;
  const showSchedules = usesCompanySchedules(settings);
  const current: SettingsTab = tab === 'schedules' && !showSchedules ? 'options' : tab;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('settings.title')}
      </Typography>
      <Paper variant="outlined" sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}>
        <Tabs
          value={current}
          onChange={(_event, value: SettingsTab) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="options" label={t('settings.tabs.options')} />
          {showSchedules ? <Tab value="schedules" label={t('settings.tabs.schedules')} /> : null}
        </Tabs>
        {!settings ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        ) : current === 'options' ? (
          <OptionsTab companyId={companyId} settings={settings} />
        ) : (
          <SchedulesTab companyId={companyId} />
        )}
      </Paper>
    </Box>
  );
}
