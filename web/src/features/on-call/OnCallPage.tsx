import { useEffect, useState } from 'react';
import { TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { OnCallDialog } from './OnCallDialog';
import { weekSummary } from './on-call-week';
import { useDeleteOnCallEntryMutation, useOnCallRecordsInfiniteQuery, type OnCallEntry } from './on-call.api';

/** /plantao (spec 3 §2.13): the company's on-call entries with their person, phone and week; add, edit, delete. */
export default function OnCallPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<OnCallEntry | null>(null);
  const query = useOnCallRecordsInfiniteQuery();
  // Spec 3 §6: an on-call load error is only logged.
  useEffect(() => {
    if (query.error) console.error('on-call entries could not be loaded', query.error);
  }, [query.error]);
  const list = useInfiniteRecords({ ...query, error: undefined }, (page) => page.records);
  const [deleteRecord] = useDeleteOnCallEntryMutation();
  const refresh = () => void query.refetch();

  const actions = (record: OnCallEntry) => (
    <EditDeleteActions
      name={record.user.name}
      editLabel={t('onCall.actions.edit')}
      onEdit={() => setEditing({ id: record.id })}
      deleteLabel={t('onCall.actions.delete')}
      onDelete={() => setDeleting(record)}
    />
  );

  return (
    <RecordsPage
      title={t('onCall.title')}
      count={list.count}
      actions={<AddRecordButton label={t('onCall.add')} onClick={() => setEditing({ id: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('onCall.empty.title'), message: t('onCall.empty.message') }}
        label={t('onCall.title')}
        columns={[
          { label: t('onCall.columns.id') },
          { label: t('onCall.columns.user') },
          { label: t('onCall.columns.phone') },
          { label: t('onCall.columns.schedules') },
        ]}
        actionsLabel={t('onCall.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Typography sx={{ fontWeight: 600 }}>
              #{record.id} {record.user.name}
            </Typography>
            <Typography variant="body2">{record.phone}</Typography>
            <Typography variant="body2" color="text.secondary">
              {weekSummary(record.days, t)}
            </Typography>
            {actions(record)}
          </RecordCard>
        )}
        renderCells={(record) => (
          <>
            <TableCell>{record.id}</TableCell>
            <TableCell>{record.user.name}</TableCell>
            <TableCell>{record.phone}</TableCell>
            <TableCell>{weekSummary(record.days, t)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <OnCallDialog open={Boolean(editing)} entryId={editing?.id ?? null} onClose={() => setEditing(null)} onSaved={refresh} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('onCall.confirmDelete.title', { name: deleting?.user.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => {
          const deleted = deleteRecord(record.id);
          return { unwrap: () => deleted.unwrap().finally(refresh) };
        }}
        deletedMessage={t('onCall.toasts.deleted')}
      >
        {t('onCall.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
