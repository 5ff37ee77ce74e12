import { Box, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fullWeek, periodProblem, PERIODS, STEP_SECONDS, type ServiceHoursEntry, type TimeField, type Weekday } from './service-hours';

export { defaultServiceHours, hasServiceHoursProblems, type ServiceHoursEntry, type Weekday } from './service-hours';

/**
 * The weekly service-hours editor shared by queues, connections and the company schedules tab: one row per day
 * with two periods. Controlled: it always answers all seven days through `onChange`.
 */
export function ServiceHoursForm(props: {
  value: ServiceHoursEntry[];
  onChange: (entries: ServiceHoursEntry[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const week = fullWeek(props.value);

  const change = (weekdayEn: Weekday, field: TimeField, time: string) =>
    props.onChange(week.map((entry) => (entry.weekdayEn === weekdayEn ? { ...entry, [field]: time } : entry)));

  return (
    <Box role="group" aria-label={t('serviceHours.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {week.map((entry) => {
        const dayName = t(`serviceHours.weekdays.${entry.weekdayEn}`);
        return (
          <Box
            key={entry.weekdayEn}
            data-weekday={entry.weekdayEn}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: '8rem repeat(4, 1fr)' },
              gap: 1,
              alignItems: 'start',
            }}
          >
            <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, pt: { sm: 1 }, fontWeight: 500 }}>
              {dayName}
            </Typography>
            {PERIODS.flatMap((period) => {
              const problem = periodProblem(entry[period.start], entry[period.end]);
              return [period.start, period.end].map((field) => {
                const isEnd = field === period.end;
                const label = t(`serviceHours.${period.key}.${isEnd ? 'end' : 'start'}`);
                return (
                  <TextField
                    key={field}
                    type="time"
                    size="small"
                    label={label}
                    value={entry[field]}
                    disabled={props.disabled}
                    onChange={(event) => change(entry.weekdayEn, field, event.target.value)}
                    error={problem !== null && (isEnd || problem === 'incomplete')}
                    helperText={problem !== null && isEnd ? t(`serviceHours.errors.${problem}`) : undefined}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { step: STEP_SECONDS, 'aria-label': `${dayName} ${label}` },
                    }}
                  />
                );
              });
            })}
          </Box>
        );
      })}
    </Box>
  );
}
