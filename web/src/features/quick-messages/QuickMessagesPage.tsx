import { useMemo, useState } from 'react';
import { Box, Chip, MenuItem, TableCell, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { QuickMessageModal } from './QuickMessageModal';
import { canEditQuickMessage } from './quick-message-permissions';
import {
  useDeleteQuickMessageMutation,
  useQuickMessageCategoriesQuery,
  useQuickMessagesPageInfiniteQuery,
  type QuickMessage,
} from './quick-messages.api';

/**
 * /quick-messages (spec 3 §2.3): shortcode, category, attachment, general flag, filtered by category; edit and delete
 * as the role allows.
 */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ record: QuickMessage | null } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const { data: categories = [] } = useQuickMessageCategoriesQuery();
  const categoryNames = useMemo(() => new Map(categories.map((category) => [category.id, category.shortcode])), [categories]);
  const args = useMemo(
    () => ({ searchParam: searchParam || undefined, categoryId: categoryId === '' ? undefined : categoryId }),
    [searchParam, categoryId],
  );
  const list = useInfiniteRecords(useQuickMessagesPageInfiniteQuery(args), (page) => page.records);
  const [deleteRecord] = useDeleteQuickMessageMutation();

  const media = (record: QuickMessage) =>
    record.mediaName ? (
      <Chip size="small" icon={<AttachFileIcon />} label={record.mediaName} sx={{ maxWidth: 200 }} />
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t('quickMessages.noMedia')}
      </Typography>
    );
  const category = (record: QuickMessage) =>
    record.isCategory ? (
      <Chip size="small" color="primary" variant="outlined" label={t('quickMessages.isCategory')} />
    ) : record.categoryId ? (
      <Typography variant="body2">{categoryNames.get(record.categoryId) ?? ''}</Typography>
    ) : null;
  const general = (record: QuickMessage) =>
    record.geral ? <CheckCircleIcon color="success" fontSize="small" titleAccess={t('quickMessages.columns.geral')} /> : null;
  const inactive = (record: QuickMessage) =>
    record.status === 'inactive' ? <Chip size="small" label={t('quickMessages.inactive')} /> : null;
  const actions = (record: QuickMessage) =>
    canEditQuickMessage(user, record) ? (
      <EditDeleteActions
        name={record.shortcode}
        editLabel={t('quickMessages.actions.edit')}
        onEdit={() => setEditing({ record })}
        deleteLabel={t('quickMessages.actions.delete')}
        onDelete={() => setDeleting(record)}
      />
    ) : null;

  return (
    <RecordsPage
      title={t('quickMessages.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('quickMessages.search') }}
      actions={
        <>
          <TextField
            select
            size="small"
            label={t('quickMessages.filterCategory')}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value === '' ? '' : Number(event.target.value))}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('quickMessages.allCategories')}</MenuItem>
            {categories.map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry.shortcode}
              </MenuItem>
            ))}
          </TextField>
          <AddRecordButton label={t('quickMessages.add')} onClick={() => setEditing({ record: null })} />
        </>
      }
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('quickMessages.empty.title'), message: t('quickMessages.empty.message') }}
        label={t('quickMessages.title')}
        columns={[
          { label: t('quickMessages.columns.shortcode') },
          { label: t('quickMessages.columns.message') },
          { label: t('quickMessages.columns.category') },
          { label: t('quickMessages.columns.media') },
          { label: t('quickMessages.columns.geral'), align: 'center' },
        ]}
        actionsLabel={t('quickMessages.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                /{record.shortcode}
              </Typography>
              {category(record)}
              {general(record)}
              {inactive(record)}
              {actions(record)}
            </Box>
            {record.message ? (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {record.message}
              </Typography>
            ) : null}
            {record.mediaName ? <Box sx={{ mt: 0.5 }}>{media(record)}</Box> : null}
          </RecordCard>
        )}
        renderCells={(record) => (
          <>
            <TableCell sx={{ fontWeight: 500 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                /{record.shortcode}
                {inactive(record)}
              </Box>
            </TableCell>
            <TableCell sx={{ maxWidth: 360 }}>
              <Typography variant="body2" noWrap title={record.message ?? undefined}>
                {record.message}
              </Typography>
            </TableCell>
            <TableCell>{category(record)}</TableCell>
            <TableCell>{media(record)}</TableCell>
            <TableCell align="center">{general(record)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <QuickMessageModal open={Boolean(editing)} record={editing?.record} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('quickMessages.confirmDelete.title', { shortcode: deleting?.shortcode ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => deleteRecord(record.id)}
        deletedMessage={t('quickMessages.toasts.deleted')}
      >
        {t('quickMessages.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
