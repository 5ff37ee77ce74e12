import { useState } from 'react';
import { Box, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { QueueDialog } from './QueueDialog';
import { useDeleteQueueMutation, useQueuesQuery, type Queue } from './queues.api';

/** GET /queue answers every queue at once, so the list never has a next page. */
const NO_MORE_PAGES = { hasMore: false, loading: false, onLoadMore: () => undefined };

function ColorSwatch(props: { color: string }) {
  return (
    <Box
      component="span"
      title={props.color}
      sx={{
        display: 'inline-block',
        width: 20,
        height: 20,
        borderRadius: '50%',
        bgcolor: props.color,
        verticalAlign: 'middle',
        flexShrink: 0,
      }}
    />
  );
}

/** /queues (admin): the company's queues, live from the 'queue' event; add, edit with the chatbot menu, delete. */
export default function QueuesPage() {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.auth.user);
  // Spec 2 §2: the screen is the admins'; others go back to their tickets.
  const admin = me?.profile === 'admin' || Boolean(me?.super);
  const { data: queues = [], isLoading } = useQueuesQuery(undefined, { skip: !admin });
  const [editing, setEditing] = useState<{ queue: Queue | null } | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);
  const [deleteQueue] = useDeleteQueueMutation();

  if (!admin) return <Navigate to="/tickets" replace />;

  const actions = (queue: Queue) => (
    <EditDeleteActions
      name={queue.name}
      editLabel={t('queues.actions.edit')}
      onEdit={() => setEditing({ queue })}
      deleteLabel={t('queues.actions.delete')}
      onDelete={() => setDeleting(queue)}
    />
  );

  return (
    <RecordsPage
      title={t('queues.title')}
      count={isLoading ? undefined : queues.length}
      actions={<AddRecordButton label={t('queues.add')} onClick={() => setEditing({ queue: null })} />}
    >
      <RecordsList
        records={queues}
        loading={isLoading}
        more={NO_MORE_PAGES}
        empty={{ title: t('queues.empty.title'), message: t('queues.empty.message') }}
        label={t('queues.title')}
        columns={[
          { label: t('queues.columns.name') },
          { label: t('queues.columns.color'), align: 'center' },
          { label: t('queues.columns.greeting') },
          { label: t('queues.columns.order'), align: 'center' },
        ]}
        actionsLabel={t('queues.columns.actions')}
        renderCard={(queue) => (
          <RecordCard sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <ColorSwatch color={queue.color} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {queue.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {queue.greetingMessage || '—'}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('queues.orderOf', { order: queue.orderQueue ?? '—' })}
              </Typography>
            </Box>
            {actions(queue)}
          </RecordCard>
        )}
        renderCells={(queue) => (
          <>
            <TableCell sx={{ fontWeight: 500 }}>{queue.name}</TableCell>
            <TableCell align="center">
              <ColorSwatch color={queue.color} />
            </TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {queue.greetingMessage || '—'}
            </TableCell>
            <TableCell align="center">{queue.orderQueue ?? '—'}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      {editing ? <QueueDialog open queue={editing.queue} onClose={() => setEditing(null)} /> : null}
      <DeleteRecordConfirmation
        record={deleting}
        title={t('queues.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(queue) => deleteQueue(queue.id)}
        deletedMessage={t('queues.toasts.deleted')}
      >
        {t('queues.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
