import { useEffect, useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography, type ChipProps } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
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
  const [params, setParams] = useSearchParams();
  const { search, setSearch, searchParam } = useRecordSearch();
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

  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useSchedulesPageInfiniteQuery(args), (page) => page.schedules);
  const [deleteSchedule] = useDeleteScheduleMutation();

  const status = (schedule: Schedule) => (
    <Chip
      size="small"
      color={statusColor[schedule.status] ?? 'default'}
      label={t(`schedules.status.${schedule.status}`, { defaultValue: schedule.status })}
    />
  );
  const actions = (schedule: Schedule) => {
    const sent = isSent(schedule);
    return (
      <EditDeleteActions
        name={schedule.contact?.name ?? ''}
        editLabel={sent ? t('schedules.actions.view') : t('schedules.actions.edit')}
        editIcon={sent ? <VisibilityIcon fontSize="small" /> : undefined}
        onEdit={() => setDialog({ scheduleId: schedule.id })}
        deleteLabel={t('schedules.actions.delete')}
        onDelete={() => setDeleting(schedule)}
      />
    );
  };

  return (
    <RecordsPage
      title={t('schedules.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('schedules.search') }}
      actions={<AddRecordButton label={t('schedules.add')} onClick={() => setDialog({})} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('schedules.empty.title'), message: t('schedules.empty.message') }}
        label={t('schedules.title')}
        columns={[
          { label: t('schedules.columns.contact') },
          { label: t('schedules.columns.body') },
          { label: t('schedules.columns.sendAt') },
          { label: t('schedules.columns.status') },
        ]}
        actionsLabel={t('schedules.columns.actions')}
        renderCard={(schedule) => (
          <RecordCard>
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
          </RecordCard>
        )}
        renderCells={(schedule) => (
          <>
            <TableCell>{schedule.contact?.name}</TableCell>
            <TableCell title={schedule.body}>{preview(schedule.body)}</TableCell>
            <TableCell>{format(new Date(schedule.sendAt), SEND_AT_FORMAT)}</TableCell>
            <TableCell>{status(schedule)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <ScheduleModal open={Boolean(dialog)} scheduleId={dialog?.scheduleId} contactId={dialog?.contactId} onClose={() => setDialog(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('schedules.confirmDelete.title')}
        onClose={() => setDeleting(null)}
        onDelete={(schedule) => deleteSchedule(schedule.id)}
        deletedMessage={t('schedules.toasts.deleted')}
      >
        {t('schedules.confirmDelete.message', { name: deleting?.contact?.name ?? '' })}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
