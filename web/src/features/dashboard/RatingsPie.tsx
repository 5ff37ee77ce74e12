import { Box, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import type { DashboardRatings } from '@switchboard/sdk/contracts';

/** The rating card's pie (spec 2 §2): good, average and bad ratings of the period, in percent. */
export function RatingsPie({ ratings, height = 200 }: { ratings: DashboardRatings; height?: number }) {
  const { t } = useTranslation();
  if (ratings.total_notas === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('dashboard.ratings.none')}
      </Typography>
    );
  }
  const percent = (count: number) => Math.round((count / ratings.total_notas) * 100);
  const slices = [
    { id: 'boa', value: ratings.boa, label: t('dashboard.ratings.good'), color: '#2e7d32' },
    { id: 'media', value: ratings.media, label: t('dashboard.ratings.average'), color: '#ed6c02' },
    { id: 'ruim', value: ratings.ruim, label: t('dashboard.ratings.bad'), color: '#d32f2f' },
  ];
  return (
    <Box aria-label={t('dashboard.ratings.title')} role="img">
      <PieChart
        height={height}
        skipAnimation
        series={[
          {
            data: slices,
            innerRadius: 40,
            paddingAngle: 2,
            cornerRadius: 4,
            arcLabel: (item) => (item.value > 0 ? `${percent(item.value)}%` : ''),
            valueFormatter: (item) => `${item.value} (${percent(item.value)}%)`,
          },
        ]}
      />
    </Box>
  );
}
