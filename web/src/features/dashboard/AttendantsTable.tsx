import { Box, Chip, Rating, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ratingEmoji, type DashboardAttendant } from '@switchboard/sdk/contracts';
import { formatDuration } from './duration';

/** Spec 2 §2's attendants table: name, score, rated calls, total calls, average wait and service, online or not. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('dashboard.attendants.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.attendants.name')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.score')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.rated')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.total')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.avgWait')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.avgService')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attendants.map((attendant) => (
            <TableRow key={attendant.id} aria-label={attendant.name}>
              <TableCell>{attendant.name}</TableCell>
              <TableCell align="center">
                {attendant.rating === null ? (
                  <Typography variant="body2" color="text.secondary">
                    —
                  </Typography>
                ) : (
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    <Rating value={attendant.rating} precision={0.1} readOnly size="small" />
                    <Typography variant="body2">
                      {attendant.rating.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}{' '}
                      {ratingEmoji(attendant.rating)}
                    </Typography>
                  </Box>
                )}
              </TableCell>
              <TableCell align="right">{attendant.countRating}</TableCell>
              <TableCell align="right">{attendant.tickets}</TableCell>
              <TableCell align="right">{formatDuration(attendant.avgWaitTime)}</TableCell>
              <TableCell align="right">{formatDuration(attendant.avgSupportTime)}</TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  color={attendant.online ? 'success' : 'default'}
                  label={attendant.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
