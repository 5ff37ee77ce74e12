import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { PromptDialog } from './PromptDialog';
import { useDeletePromptMutation, usePromptsPageInfiniteQuery, type Prompt } from './prompts.api';

/** /prompts (spec 3 §2.11): the company's AI prompts with their queue and max tokens; add, edit, delete. */
export default function PromptsPage() {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ prompt: Prompt | null } | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(usePromptsPageInfiniteQuery(args), (page) => page.prompts);
  const [deletePrompt] = useDeletePromptMutation();

  const queue = (prompt: Prompt) =>
    prompt.queue ? (
      <Chip size="small" variant="outlined" label={prompt.queue.name} sx={{ borderColor: prompt.queue.color, maxWidth: 200 }} />
    ) : (
      '—'
    );
  const actions = (prompt: Prompt) => (
    <EditDeleteActions
      name={prompt.name}
      editLabel={t('prompts.actions.edit')}
      onEdit={() => setEditing({ prompt })}
      deleteLabel={t('prompts.actions.delete')}
      onDelete={() => setDeleting(prompt)}
    />
  );

  return (
    <RecordsPage
      title={t('prompts.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('prompts.search') }}
      actions={<AddRecordButton label={t('prompts.add')} onClick={() => setEditing({ prompt: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('prompts.empty.title'), message: t('prompts.empty.message') }}
        label={t('prompts.title')}
        columns={[
          { label: t('prompts.columns.name') },
          { label: t('prompts.columns.queue'), align: 'center' },
          { label: t('prompts.columns.maxTokens'), align: 'center' },
        ]}
        actionsLabel={t('prompts.columns.actions')}
        renderCard={(prompt) => (
          <RecordCard sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {prompt.name}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                {queue(prompt)}
                <Typography variant="caption" color="text.secondary">
                  {t('prompts.tokens', { count: prompt.maxTokens })}
                </Typography>
              </Box>
            </Box>
            {actions(prompt)}
          </RecordCard>
        )}
        renderCells={(prompt) => (
          <>
            <TableCell sx={{ fontWeight: 500 }}>{prompt.name}</TableCell>
            <TableCell align="center">{queue(prompt)}</TableCell>
            <TableCell align="center">{prompt.maxTokens}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <PromptDialog open={Boolean(editing)} prompt={editing?.prompt ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('prompts.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(prompt) => deletePrompt(prompt.id)}
        deletedMessage={t('prompts.toasts.deleted')}
      >
        {t('prompts.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
