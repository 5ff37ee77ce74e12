import { useEffect, useState } from 'react';
import { Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { CompaniesManager } from '../companies/CompaniesManager';
import { HelpsManager } from '../helps/HelpsManager';
import { PlansManager } from '../plans/PlansManager';
import { usesCompanySchedules } from './company-options';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useCompanySettingsQuery, type CompanySettings } from './settings.api';

type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps';

/** The tabs only the super user sees (spec 2 §2, §6). */
const superTabs: SettingsTab[] = ['companies', 'plans', 'helps'];

/**
 * /settings (spec 2 §2, admin): the options tab always; the schedules tab while scheduleType is 'company', so
 * choosing 'company' there shows it at once; companies, plans and helps for the super user.
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
  const isSuper = Boolean(user?.super);
  const hidden = (tab === 'schedules' && !showSchedules) || (superTabs.includes(tab) && !isSuper);
  const current: SettingsTab = hidden ? 'options' : tab;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('settings.title')}
      </Typography>
      <Paper variant="outlined" sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Tabs
          value={current}
          onChange={(_event, value: SettingsTab) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
        >
          <Tab value="options" label={t('settings.tabs.options')} />
          {showSchedules ? <Tab value="schedules" label={t('settings.tabs.schedules')} /> : null}
          {isSuper ? superTabs.map((value) => <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} />) : null}
        </Tabs>
        <Box sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}>
          <SettingsTabContent tab={current} companyId={companyId} settings={settings} />
        </Box>
      </Paper>
    </Box>
  );
}

function SettingsTabContent(props: { tab: SettingsTab; companyId: number; settings: CompanySettings | undefined }) {
  const { tab, companyId, settings } = props;
  // The super user's managers are whole records pages under the screen's h1.
  if (tab === 'companies') return <CompaniesManager titleComponent="h2" />;
  if (tab === 'plans') return <PlansManager titleComponent="h2" />;
  if (tab === 'helps') return <HelpsManager titleComponent="h2" />;
  if (!settings) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return tab === 'options' ? <OptionsTab companyId={companyId} settings={settings} /> : <SchedulesTab companyId={companyId} />;
}
