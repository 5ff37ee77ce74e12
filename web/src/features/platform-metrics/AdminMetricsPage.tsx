import { useEffect } from 'react';
import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../app/errors';
import { metricCards, metricFigure } from './metric-figures';
import { usePlatformMetricsQuery } from './platform-metrics.api';

/**
 * /admin-metrics (spec 2 §2, super only; the route guard refuses everyone else): a card per platform figure, and
 * the definitions of each, MRR and churn above all, under the cards.
 */
export default function AdminMetricsPage() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error } = usePlatformMetricsQuery();
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('adminMetrics.title')}
      </Typography>
      {isLoading ? <CircularProgress aria-label={t('adminMetrics.loading')} /> : null}
      {data ? (
        <Box
          component="ul"
          aria-label={t('adminMetrics.title')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
        >
          {metricCards.map((card) => (
            <Paper key={card} component="li" variant="outlined" aria-label={t(`adminMetrics.cards.${card}.title`)} sx={{ p: 2 }}>
              <Typography variant="subtitle2" color="text.secondary" component="h2">
                {t(`adminMetrics.cards.${card}.title`)}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
                {metricFigure(data, card, language)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`adminMetrics.cards.${card}.hint`)}
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : null}
      <Box component="section" aria-label={t('adminMetrics.help.title')} sx={{ mt: 3 }}>
        <Alert severity="info" role="note">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            {t('adminMetrics.help.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('adminMetrics.help.clients')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            <strong>MRR</strong> — {t('adminMetrics.help.mrr')}
          </Typography>
          <Typography variant="body2">
            <strong>Churn</strong> — {t('adminMetrics.help.churn')}
          </Typography>
        </Alert>
      </Box>
    </Box>
  );
}
