import { useMemo, useState } from 'react';
import { Box, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { HelpDialog } from './HelpDialog';
import { useDeleteHelpMutation, useHelpsPageInfiniteQuery, type Help } from './helps.api';

/**
 * The settings' helps tab (spec 2 §2, super only): the help entries every user watches at /helps, searched and
 * paged, with their video code and description; added, edited and deleted.
 */
export function HelpsManager(props: { titleComponent?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ help: Help | null } | null>(null);
  const [deleting, setDeleting] = useState<Help | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useHelpsPageInfiniteQuery(args), (page) => page.helps);
  const [deleteHelp] = useDeleteHelpMutation();

  const description = (help: Help) => (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {help.description || '—'}
    </Typography>
  );
  const actions = (help: Help) => (
    <EditDeleteActions
      name={help.title}
      editLabel={t('helps.actions.edit')}
      onEdit={() => setEditing({ help })}
      deleteLabel={t('helps.actions.delete')}
      onDelete={() => setDeleting(help)}
    />
  );

  return (
    <RecordsPage
      title={t('helps.manageTitle')}
      titleComponent={props.titleComponent}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('helps.search') }}
      actions={<AddRecordButton label={t('helps.add')} onClick={() => setEditing({ help: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('helps.empty.title'), message: t('helps.empty.manageMessage') }}
        label={t('helps.manageTitle')}
        columns={[{ label: t('helps.columns.title') }, { label: t('helps.columns.video') }, { label: t('helps.columns.description') }]}
        actionsLabel={t('helps.columns.actions')}
        renderCard={(help) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {help.title}
              </Typography>
              {actions(help)}
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {help.video || '—'}
            </Typography>
            {description(help)}
          </RecordCard>
        )}
        renderCells={(help) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {help.title}
              </Typography>
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{help.video || '—'}</TableCell>
            <TableCell sx={{ maxWidth: 480 }}>{description(help)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <HelpDialog open={Boolean(editing)} help={editing?.help ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('helps.confirmDelete.title', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(help) => deleteHelp(help.id)}
        deletedMessage={t('helps.toasts.deleted')}
      >
        {t('helps.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
