import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { FileListDialog } from './FileListDialog';
import { useDeleteFileListMutation, useFileListRecordsInfiniteQuery, type FileList } from './files.api';

/** /files (spec 3 §2.10): the company's file lists by name, searched, live, with edit and delete. */
export default function FilesPage() {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<FileList | null>(null);
  // Spec 3 §5: search text is lower-cased.
  const args = useMemo(() => ({ searchParam: searchParam.toLowerCase() || undefined }), [searchParam]);
  const list = useInfiniteRecords(useFileListRecordsInfiniteQuery(args), (page) => page.files);
  const [deleteRecord] = useDeleteFileListMutation();

  const filesCount = (record: FileList) => (
    <Chip size="small" variant="outlined" icon={<AttachFileIcon />} label={t('files.optionsCount', { count: record.options.length })} />
  );
  const actions = (record: FileList) => (
    <EditDeleteActions
      name={record.name}
      editLabel={t('files.actions.edit')}
      onEdit={() => setEditing({ id: record.id })}
      deleteLabel={t('files.actions.delete')}
      onDelete={() => setDeleting(record)}
    />
  );

  return (
    <RecordsPage
      title={t('files.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('files.search') }}
      actions={<AddRecordButton label={t('files.add')} onClick={() => setEditing({ id: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('files.empty.title'), message: t('files.empty.message') }}
        label={t('files.title')}
        columns={[{ label: t('files.columns.name') }]}
        actionsLabel={t('files.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {record.name}
              </Typography>
              {actions(record)}
            </Box>
            <Box sx={{ mt: 0.5 }}>{filesCount(record)}</Box>
          </RecordCard>
        )}
        renderCells={(record) => (
          <TableCell>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {record.name}
              </Typography>
              {filesCount(record)}
            </Box>
          </TableCell>
        )}
        renderActions={actions}
      />

      <FileListDialog open={Boolean(editing)} fileListId={editing?.id ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('files.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => deleteRecord(record.id)}
        deletedMessage={t('files.toasts.deleted')}
      >
        {t('files.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
