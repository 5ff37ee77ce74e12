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
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { LoadMoreSentinel } from '../../components/records/LoadMoreSentinel';
import { flattenPages } from '../../components/records/paged-cache';
import { ListStatus, RecordsPage } from '../../components/records/RecordsPage';
import { TagChip } from './TagChip';
import { TagModal } from './TagModal';
import { useDeleteTagMutation, useTagsPageInfiniteQuery, type Tag } from './tags.api';

/** /tags: the company's tags with how many contacts and tickets carry them; add, edit, delete. */
export default function TagsPage() {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ tag: Tag | null } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const searchParam = useDebouncedValue(search.trim(), 500);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const { data, isLoading, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useTagsPageInfiniteQuery(args);
  const [deleteTag] = useDeleteTagMutation();
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const tags = flattenPages(data, (page) => page.tags);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const actions = (tag: Tag) => (
    <>
      <Tooltip title={t('tags.actions.edit')}>
        <IconButton size="small" aria-label={`${t('tags.actions.edit')}: ${tag.name}`} onClick={() => setEditing({ tag })}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('tags.actions.delete')}>
        <IconButton size="small" aria-label={`${t('tags.actions.delete')}: ${tag.name}`} onClick={() => setDeleting(tag)}>
          <DeleteOutlineIcon fontSize="small" color="error" />
        </IconButton>
      </Tooltip>
    </>
  );
  const kanban = (tag: Tag) =>
    tag.kanban === 1 ? <Chip size="small" variant="outlined" color="primary" label={t('tags.kanban')} /> : null;

  return (
    <RecordsPage
      title={t('tags.title')}
      count={data?.pages[0]?.count}
      search={{ value: search, onChange: setSearch, label: t('tags.search') }}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ tag: null })}>
          {t('tags.add')}
        </Button>
      }
    >
      <ListStatus
        loading={isLoading}
        empty={!isLoading && tags.length === 0}
        title={t('tags.empty.title')}
        message={t('tags.empty.message')}
      />
      {tags.length > 0 ? (
        narrow ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            {tags.map((tag) => (
              <Card key={tag.id} variant="outlined">
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, '&:last-child': { pb: 1.5 } }}>
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
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table size="small" stickyHeader aria-label={t('tags.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tags.columns.name')}</TableCell>
                <TableCell align="center">{t('tags.columns.contacts')}</TableCell>
                <TableCell align="center">{t('tags.columns.tickets')}</TableCell>
                <TableCell align="center">{t('tags.columns.kanban')}</TableCell>
                <TableCell align="right">{t('tags.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.map((tag) => (
                <TableRow key={tag.id} hover>
                  <TableCell>
                    <TagChip name={tag.name} color={tag.color} />
                  </TableCell>
                  <TableCell align="center">{tag.contactsCount ?? 0}</TableCell>
                  <TableCell align="center">{tag.ticketsCount ?? 0}</TableCell>
                  <TableCell align="center">{kanban(tag) ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(tag)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
      <LoadMoreSentinel hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />

      <TagModal open={Boolean(editing)} tag={editing?.tag} onClose={() => setEditing(null)} />
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('tags.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteTag(deleting.id)
            .unwrap()
            .then(() => toast.success(t('tags.toasts.deleted')))
            .catch(toastError);
        }}
      >
        {t('tags.confirmDelete.message')}
      </ConfirmationModal>
    </RecordsPage>
  );
}
