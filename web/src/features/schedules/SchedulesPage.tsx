import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type ChipProps,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { LoadMoreSentinel } from '../../components/records/LoadMoreSentinel';
import { flattenPages } from '../../components/records/paged-cache';
import { ListStatus, RecordsPage } from '../../components/records/RecordsPage';
import { ScheduleModal } from './ScheduleModal';
import { isSent, useDeleteScheduleMutation, useSchedulesPageInfiniteQuery, type Schedule, type ScheduleStatus } from './schedules.api';

/** Spec 3 §9: the list cuts the body at 25 characters. */
const BODY_PREVIEW = 25;
const SEND_AT_FORMAT = 'dd/MM/yyyy HH:mm';

const statusColor: Record<ScheduleStatus, ChipProps['color']> = {
  PENDENTE: 'default',
  AGENDADA: 'info',
  ENVIANDO: 'warning',
  ENVIADA: 'success',
  ERRO: 'error',
};

function preview(body: string): string {
  return body.length > BODY_PREVIEW ? `${body.slice(0, BODY_PREVIEW)}...` : body;
}

/** /schedules (spec 3 §2.4): the scheduled messages; ?contactId= opens the dialog for that contact. */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ scheduleId?: number; contactId?: number } | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  // A schedule made from a ticket or a contact arrives as ?contactId=: open the dialog, then drop the parameter.
  const contactParam = Number(params.get('contactId'));
  useEffect(() => {
    if (!Number.isSafeInteger(contactParam) || contactParam <= 0) return;
    setDialog({ contactId: contactParam });
    setParams(
      (current) => {
        current.delete('contactId');
        return current;
      },
      { replace: true },
    );
  }, [contactParam, setParams]);

  const searchParam = useDebouncedValue(search.trim(), 500);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const { data, isLoading, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useSchedulesPageInfiniteQuery(args);
  const [deleteSchedule] = useDeleteScheduleMutation();
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const schedules = flattenPages(data, (page) => page.schedules);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const status = (schedule: Schedule) => (
    <Chip
      size="small"
      color={statusColor[schedule.status] ?? 'default'}
      label={t(`schedules.status.${schedule.status}`, { defaultValue: schedule.status })}
    />
  );
  const actions = (schedule: Schedule) => {
    const sent = isSent(schedule);
    const label = sent ? t('schedules.actions.view') : t('schedules.actions.edit');
    const name = schedule.contact?.name ?? '';
    return (
      <>
        <Tooltip title={label}>
          <IconButton size="small" aria-label={`${label}: ${name}`} onClick={() => setDialog({ scheduleId: schedule.id })}>
            {sent ? <VisibilityIcon fontSize="small" /> : <EditIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('schedules.actions.delete')}>
          <IconButton size="small" aria-label={`${t('schedules.actions.delete')}: ${name}`} onClick={() => setDeleting(schedule)}>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </IconButton>
        </Tooltip>
      </>
    );
  };

  return (
    <RecordsPage
      title={t('schedules.title')}
      count={data?.pages[0]?.count}
      search={{ value: search, onChange: setSearch, label: t('schedules.search') }}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
          {t('schedules.add')}
        </Button>
      }
    >
      <ListStatus
        loading={isLoading}
        empty={!isLoading && schedules.length === 0}
        title={t('schedules.empty.title')}
        message={t('schedules.empty.message')}
      />
      {schedules.length > 0 ? (
        narrow ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            {schedules.map((schedule) => (
              <Card key={schedule.id} variant="outlined">
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                      {schedule.contact?.name}
                    </Typography>
                    {status(schedule)}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {format(new Date(schedule.sendAt), SEND_AT_FORMAT)}
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                      {preview(schedule.body)}
                    </Typography>
                    {actions(schedule)}
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table size="small" stickyHeader aria-label={t('schedules.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('schedules.columns.contact')}</TableCell>
                <TableCell>{t('schedules.columns.body')}</TableCell>
                <TableCell>{t('schedules.columns.sendAt')}</TableCell>
                <TableCell>{t('schedules.columns.status')}</TableCell>
                <TableCell align="right">{t('schedules.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {schedules.map((schedule) => (
                <TableRow key={schedule.id} hover>
                  <TableCell>{schedule.contact?.name}</TableCell>
                  <TableCell title={schedule.body}>{preview(schedule.body)}</TableCell>
                  <TableCell>{format(new Date(schedule.sendAt), SEND_AT_FORMAT)}</TableCell>
                  <TableCell>{status(schedule)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(schedule)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
      <LoadMoreSentinel hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />

      <ScheduleModal open={Boolean(dialog)} scheduleId={dialog?.scheduleId} contactId={dialog?.contactId} onClose={() => setDialog(null)} />
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('schedules.confirmDelete.title')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteSchedule(deleting.id)
            .unwrap()
            .then(() => toast.success(t('schedules.toasts.deleted')))
            .catch(toastError);
        }}
      >
        {t('schedules.confirmDelete.message', { name: deleting?.contact?.name ?? '' })}
      </ConfirmationModal>
    </RecordsPage>
  );
}
