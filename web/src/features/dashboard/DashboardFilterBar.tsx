import { useState } from 'react';
import { Button, MenuItem, Paper, TextField } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PERIOD_DAYS, periodParams, type DashboardFilter, type PeriodParams } from './dashboard-filter';

function DayField(props: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * Spec 2 §2's filter: by dates (type 1) or by a period of the last days (type 2). The button applies it and so
 * reloads every figure; with nothing set it says "Parametrize o filtro" and keeps the figures shown.
 */
export function DashboardFilterBar(props: { initial: DashboardFilter; onApply: (params: PeriodParams) => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(props.initial);
  const change = (patch: Partial<DashboardFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const apply = () => {
    const params = periodParams(filter);
    if (params) props.onApply(params);
    else toast.error(t('dashboard.filter.missing'));
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label={t('dashboard.filter.title')}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <TextField
        select
        size="small"
        label={t('dashboard.filter.type')}
        value={filter.type}
        onChange={(event) => change({ type: Number(event.target.value) as 1 | 2 })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value={1}>{t('dashboard.filter.byDate')}</MenuItem>
        <MenuItem value={2}>{t('dashboard.filter.byPeriod')}</MenuItem>
      </TextField>
      {filter.type === 1 ? (
        <>
          <DayField label={t('dashboard.filter.dateFrom')} value={filter.dateFrom} onChange={(dateFrom) => change({ dateFrom })} />
          <DayField label={t('dashboard.filter.dateTo')} value={filter.dateTo} onChange={(dateTo) => change({ dateTo })} />
        </>
      ) : (
        <TextField
          select
          size="small"
          label={t('dashboard.filter.period')}
          value={filter.days}
          onChange={(event) => change({ days: Number(event.target.value) })}
          sx={{ minWidth: 200 }}
        >
          {PERIOD_DAYS.map((days) => (
            <MenuItem key={days} value={days}>
              {days === 0 ? t('dashboard.filter.none') : t('dashboard.filter.lastDays', { count: days })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button type="submit" variant="contained" startIcon={<FilterListIcon />}>
        {t('dashboard.filter.apply')}
      </Button>
    </Paper>
  );
}
