import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { priorityColor, priorityLabelKey } from './announcement-priority';
import { AnnouncementDialog } from './AnnouncementDialog';
import { useAnnouncementsPageInfiniteQuery, useDeleteAnnouncementMutation, type Announcement } from './announcements.api';

/**
 * /announcements (spec 3 §2.8, super only: the route guard refuses everyone else with spec 3 §6's message): the
 * announcements searched by title, live, with their priority, image name and status, edited and deleted.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  // Spec 3 §5: search text is lower-cased.
  const args = useMemo(() => ({ searchParam: searchParam.toLowerCase() || undefined }), [searchParam]);
  const list = useInfiniteRecords(useAnnouncementsPageInfiniteQuery(args), (page) => page.records);
  const [deleteRecord] = useDeleteAnnouncementMutation();

  const priority = (record: Announcement) => (
    <Chip
      size="small"
      label={t(priorityLabelKey(record.priority))}
      sx={{ bgcolor: priorityColor(record.priority), color: 'common.white', fontWeight: 600 }}
    />
  );
  const status = (record: Announcement) => (
    <Chip
      size="small"
      variant="outlined"
      color={record.status ? 'success' : 'default'}
      label={record.status ? t('announcements.status.active') : t('announcements.status.inactive')}
    />
  );
  const actions = (record: Announcement) => (
    <EditDeleteActions
      name={record.title}
      editLabel={t('announcements.actions.edit')}
      onEdit={() => setEditing({ id: record.id })}
      deleteLabel={t('announcements.actions.delete')}
      onDelete={() => setDeleting(record)}
    />
  );

  return (
    <RecordsPage
      title={t('announcements.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('announcements.search') }}
      actions={<AddRecordButton label={t('announcements.add')} onClick={() => setEditing({ id: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('announcements.empty.title'), message: t('announcements.empty.message') }}
        label={t('announcements.title')}
        columns={[
          { label: t('announcements.columns.title') },
          { label: t('announcements.columns.priority'), align: 'center' },
          { label: t('announcements.columns.mediaName') },
          { label: t('announcements.columns.status'), align: 'center' },
        ]}
        actionsLabel={t('announcements.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {record.title}
              </Typography>
              {actions(record)}
            </Box>
            <Box sx={{ mt: 0.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              {priority(record)}
              {status(record)}
              {record.mediaName ? (
                <Typography variant="caption" color="text.secondary" noWrap>
                  {record.mediaName}
                </Typography>
              ) : null}
            </Box>
          </RecordCard>
        )}
        renderCells={(record) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {record.title}
              </Typography>
            </TableCell>
            <TableCell align="center">{priority(record)}</TableCell>
            <TableCell>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 220 }}>
                {record.mediaName ?? t('announcements.noImage')}
              </Typography>
            </TableCell>
            <TableCell align="center">{status(record)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <AnnouncementDialog open={Boolean(editing)} announcementId={editing?.id ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('announcements.confirmDelete.title', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => deleteRecord(record.id)}
        deletedMessage={t('announcements.toasts.deleted')}
      >
        {t('announcements.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
