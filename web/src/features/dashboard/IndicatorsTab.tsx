import type { ReactNode } from 'react';
import { Avatar, Box, Paper, Rating, Tooltip, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type {
  DashboardAttendanceSeries,
  DashboardCounters,
  DashboardQueueTotal,
  DashboardRatings,
  DashboardTopAttendant,
  DashboardUserTotal,
} from '@switchboard/sdk/contracts';
import { formatDueDate } from '../auth/subscription';
import { formatDuration } from './duration';
import { RatingsPie } from './RatingsPie';

const CHART_HEIGHT = 260;

/** A titled box of the indicators tab: a card's figure, the top attendant, the rating pie or a chart. */
function Panel(props: { title: string; hint?: string; children: ReactNode; span?: 2 | 4 }) {
  const title = (
    <Typography variant="subtitle2" color="text.secondary" component="h2">
      {props.title}
    </Typography>
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={props.title}
      sx={{ p: 2, gridColumn: props.span ? { xs: 'span 1', sm: 'span 2', md: `span ${props.span}` } : undefined, minWidth: 0 }}
    >
      {props.hint ? <Tooltip title={props.hint}>{title}</Tooltip> : title}
      {props.children}
    </Paper>
  );
}

function Figure({ title, hint, value }: { title: string; hint: string; value: string | number }) {
  return (
    <Panel title={title} hint={hint}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
        {value}
      </Typography>
    </Panel>
  );
}

/** A chart of ticket counts: whole numbers on the axis, a tooltip naming them. */
function TicketBars(props: { labels: string[]; totals: number[]; color: string }) {
  const { t } = useTranslation();
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: props.labels }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[{ data: props.totals, label: t('dashboard.charts.tickets'), color: props.color }]}
      hideLegend
    />
  );
}

export interface IndicatorsData {
  counters: DashboardCounters;
  top: DashboardTopAttendant;
  ratings: DashboardRatings;
  attendance: DashboardAttendanceSeries;
  queues: DashboardQueueTotal[];
  users: DashboardUserTotal[];
}

/** Spec 2 §2's indicators: the cards, the top attendant, the rating pie and the three charts. */
export function IndicatorsTab({ data }: { data: IndicatorsData }) {
  const { t } = useTranslation();
  const { counters } = data;
  const top = data.top.attendant;
  const cards: [string, string | number][] = [
    ['pending', counters.supportPending],
    ['active', counters.supportHappening],
    ['finished', counters.supportFinished],
    ['closed', counters.supportClosed],
    ['leads', counters.leads],
    ['avgService', formatDuration(counters.avgSupportTime)],
    ['avgWait', formatDuration(counters.avgWaitTime)],
    ['dueDate', formatDueDate(counters.dueDate) ?? '—'],
  ];
  const pointLabel = (at: string) => (data.attendance.byHour ? `${at}h` : `${at.slice(8, 10)}/${at.slice(5, 7)}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {cards.map(([key, value]) => (
        <Figure key={key} title={t(`dashboard.cards.${key}`)} hint={t(`dashboard.cards.${key}Hint`)} value={value} />
      ))}
      <Panel title={t('dashboard.top.title')} span={2}>
        {top ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5 }}>
            <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>{top.name.slice(0, 1).toUpperCase()}</Avatar>
            <Box>
              <Typography variant="h6" component="p">
                {top.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.top.tickets', { count: top.tickets })}
              </Typography>
              {top.rating !== null ? <Rating value={top.rating} precision={0.1} readOnly size="small" /> : null}
            </Box>
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {t('dashboard.top.none')}
          </Typography>
        )}
      </Panel>
      <Panel title={t('dashboard.ratings.title')} span={2}>
        <RatingsPie ratings={data.ratings} />
      </Panel>
      <Panel title={t('dashboard.charts.byQueue')} span={2}>
        <TicketBars
          labels={data.queues.map((row) => row.queue?.name ?? t('dashboard.charts.noQueue'))}
          totals={data.queues.map((row) => row.total)}
          color="#1976d2"
        />
      </Panel>
      <Panel title={t('dashboard.charts.byUser')} span={2}>
        <TicketBars labels={data.users.map((row) => row.user.name)} totals={data.users.map((row) => row.total)} color="#7b1fa2" />
      </Panel>
      <Panel title={data.attendance.byHour ? t('dashboard.charts.byHour') : t('dashboard.charts.byDay')} span={4}>
        <TicketBars
          labels={data.attendance.points.map((point) => pointLabel(point.at))}
          totals={data.attendance.points.map((point) => point.total)}
          color="#00897b"
        />
      </Panel>
    </Box>
  );
}
