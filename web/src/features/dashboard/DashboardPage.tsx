import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Gauge } from '@mui/x-charts/Gauge';
import { useTranslation } from 'react-i18next';
import type { DashboardRatings } from '@switchboard/sdk/contracts';
import {
  useDashboardAttendanceQuery,
  useDashboardOverviewQuery,
  useDashboardQueuesQuery,
  useDashboardRatingsQuery,
  useDashboardTopAttendantQuery,
  useDashboardUsersQuery,
} from './dashboard.api';
import { initialFilter, periodParams, type PeriodParams } from './dashboard-filter';
import { AttendantsTable } from './AttendantsTable';
import { DashboardFilterBar } from './DashboardFilterBar';
import { IndicatorsTab } from './IndicatorsTab';
import { RatingsPie } from './RatingsPie';

const TABS = ['indicators', 'nps', 'attendants'] as const;
type TabName = (typeof TABS)[number];

/** The NPS tab: the score on a gauge from -100 to 100, the pie and the counts of each kind of rating. */
function NpsTab({ ratings }: { ratings: DashboardRatings }) {
  const { t } = useTranslation();
  const rows: [string, number][] = [
    [t('dashboard.ratings.good'), ratings.boa],
    [t('dashboard.ratings.average'), ratings.media],
    [t('dashboard.ratings.bad'), ratings.ruim],
    [t('dashboard.ratings.total'), ratings.total_notas],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      <Paper variant="outlined" component="section" aria-label={t('dashboard.nps.score')} sx={{ p: 2, textAlign: 'center' }}>
        <Typography variant="subtitle2" color="text.secondary" component="h2">
          {t('dashboard.nps.score')}
        </Typography>
        <Gauge
          height={180}
          value={ratings.nps ?? 0}
          valueMin={-100}
          valueMax={100}
          startAngle={-110}
          endAngle={110}
          text={ratings.nps === null ? '—' : String(ratings.nps)}
        />
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.nps.help')}
        </Typography>
      </Paper>
      <Paper variant="outlined" component="section" aria-label={t('dashboard.ratings.title')} sx={{ p: 2 }}>
        <Typography variant="subtitle2" color="text.secondary" component="h2">
          {t('dashboard.ratings.title')}
        </Typography>
        <RatingsPie ratings={ratings} height={220} />
      </Paper>
      <Paper variant="outlined" component="section" aria-label={t('dashboard.nps.counts')} sx={{ p: 2 }}>
        <Typography variant="subtitle2" color="text.secondary" component="h2" sx={{ mb: 1 }}>
          {t('dashboard.nps.counts')}
        </Typography>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
            <Typography>{label}</Typography>
            <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

/**
 * The dashboard at / (spec 2 §2): a filter by dates or by the last days, then the indicators, NPS and attendants
 * tabs, every figure read for the period the filter applied.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const start = useMemo(() => initialFilter(), []);
  const [params, setParams] = useState<PeriodParams>(() => periodParams(start)!);
  const [tab, setTab] = useState<TabName>('indicators');
  // Each call is read again when the filter is applied, even unchanged: the button reloads every figure.
  const options = { refetchOnMountOrArgChange: true } as const;
  const overview = useDashboardOverviewQuery(params, options);
  const top = useDashboardTopAttendantQuery(params, options);
  const ratings = useDashboardRatingsQuery(params, options);
  const attendance = useDashboardAttendanceQuery(params, options);
  const queues = useDashboardQueuesQuery(params, options);
  const users = useDashboardUsersQuery(params, options);
  const calls = [overview, top, ratings, attendance, queues, users];
  const failed = calls.find((call) => call.error)?.error;
  useEffect(() => {
    if (failed) console.error('dashboard load failed', failed);
  }, [failed]);
  const apply = (next: PeriodParams) => {
    setParams(next);
    if (JSON.stringify(next) === JSON.stringify(params)) calls.forEach((call) => void call.refetch());
  };

  const loaded =
    overview.data && top.data && ratings.data && attendance.data && queues.data && users.data
      ? {
          counters: overview.data.counters,
          top: top.data,
          ratings: ratings.data,
          attendance: attendance.data,
          queues: queues.data,
          users: users.data,
        }
      : null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, overflow: 'auto', height: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('dashboard.title')}
      </Typography>
      <DashboardFilterBar initial={start} onApply={apply} />
      <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`dashboard.tabs.${name}`)} />
        ))}
      </Tabs>
      {failed ? <Alert severity="error">{t('dashboard.failed')}</Alert> : null}
      {!loaded ? (
        failed ? null : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('dashboard.loading')} />
          </Box>
        )
      ) : tab === 'indicators' ? (
        <IndicatorsTab data={loaded} />
      ) : tab === 'nps' ? (
        <NpsTab ratings={loaded.ratings} />
      ) : (
        <AttendantsTable attendants={overview.data!.attendants} />
      )}
    </Box>
  );
}
