import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { TagChip } from './TagChip';
import { TagModal } from './TagModal';
import { useDeleteTagMutation, useTagsPageInfiniteQuery, type Tag } from './tags.api';

/**
 * /tags: the company's tags with how many contacts and tickets carry them; add, edit, delete. `kanbanOnly`: the
 * kanban tags page (/TagsKanban, spec 3 §2.15), its lanes with their ticket counts.
 */
export default function TagsPage(props: { kanbanOnly?: boolean }) {
  const { kanbanOnly = false } = props;
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ tag: Tag | null } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const args = useMemo(
    () => ({ searchParam: searchParam || undefined, ...(kanbanOnly ? { kanban: 1 as const } : {}) }),
    [searchParam, kanbanOnly],
  );
  const list = useInfiniteRecords(useTagsPageInfiniteQuery(args), (page) => page.tags);
  const [deleteTag] = useDeleteTagMutation();

  const actions = (tag: Tag) => (
    <EditDeleteActions
      name={tag.name}
      editLabel={t('tags.actions.edit')}
      onEdit={() => setEditing({ tag })}
      deleteLabel={t('tags.actions.delete')}
      onDelete={() => setDeleting(tag)}
    />
  );
  const kanban = (tag: Tag) =>
    tag.kanban === 1 ? <Chip size="small" variant="outlined" color="primary" label={t('tags.kanban')} /> : null;

  return (
    <RecordsPage
      title={kanbanOnly ? t('tags.kanbanTitle') : t('tags.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('tags.search') }}
      actions={<AddRecordButton label={t('tags.add')} onClick={() => setEditing({ tag: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('tags.empty.title'), message: t('tags.empty.message') }}
        label={kanbanOnly ? t('tags.kanbanTitle') : t('tags.title')}
        columns={[
          { label: t('tags.columns.name') },
          ...(kanbanOnly ? [] : [{ label: t('tags.columns.contacts'), align: 'center' as const }]),
          { label: t('tags.columns.tickets'), align: 'center' },
          ...(kanbanOnly ? [] : [{ label: t('tags.columns.kanban'), align: 'center' as const }]),
        ]}
        actionsLabel={t('tags.columns.actions')}
        renderCard={(tag) => (
          <RecordCard sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                <TagChip name={tag.name} color={tag.color} />
                {kanban(tag)}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('tags.counts', { contacts: tag.contactsCount ?? 0, tickets: tag.ticketsCount ?? 0 })}
              </Typography>
            </Box>
            {actions(tag)}
          </RecordCard>
        )}
        renderCells={(tag) => (
          <>
            <TableCell>
              <TagChip name={tag.name} color={tag.color} />
            </TableCell>
            {kanbanOnly ? null : <TableCell align="center">{tag.contactsCount ?? 0}</TableCell>}
            <TableCell align="center">{tag.ticketsCount ?? 0}</TableCell>
            {kanbanOnly ? null : <TableCell align="center">{kanban(tag) ?? '—'}</TableCell>}
          </>
        )}
        renderActions={actions}
      />

      <TagModal open={Boolean(editing)} tag={editing?.tag} kanbanLane={kanbanOnly} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('tags.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(tag) => deleteTag(tag.id)}
        deletedMessage={t('tags.toasts.deleted')}
      >
        {t('tags.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
