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
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { LoadMoreSentinel } from '../../components/records/LoadMoreSentinel';
import { flattenPages } from '../../components/records/paged-cache';
import { ListStatus, RecordsPage } from '../../components/records/RecordsPage';
import { QuickMessageModal } from './QuickMessageModal';
import { canEditQuickMessage } from './quick-message-permissions';
import { useDeleteQuickMessageMutation, useQuickMessagesPageInfiniteQuery, type QuickMessage } from './quick-messages.api';

/** /quick-messages (spec 3 §2.3): shortcode, attachment, general flag; edit and delete as the role allows. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const user = useAppSelector((state) => state.auth.user);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ record: QuickMessage | null } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const searchParam = useDebouncedValue(search.trim(), 500);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const { data, isLoading, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useQuickMessagesPageInfiniteQuery(args);
  const [deleteRecord] = useDeleteQuickMessageMutation();
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const records = flattenPages(data, (page) => page.records);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const media = (record: QuickMessage) =>
    record.mediaName ? (
      <Chip size="small" icon={<AttachFileIcon />} label={record.mediaName} sx={{ maxWidth: 200 }} />
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t('quickMessages.noMedia')}
      </Typography>
    );
  const general = (record: QuickMessage) =>
    record.geral ? <CheckCircleIcon color="success" fontSize="small" titleAccess={t('quickMessages.columns.geral')} /> : null;
  const inactive = (record: QuickMessage) =>
    record.status === 'inactive' ? <Chip size="small" label={t('quickMessages.inactive')} /> : null;
  const actions = (record: QuickMessage) =>
    canEditQuickMessage(user, record) ? (
      <>
        <Tooltip title={t('quickMessages.actions.edit')}>
          <IconButton
            size="small"
            aria-label={`${t('quickMessages.actions.edit')}: ${record.shortcode}`}
            onClick={() => setEditing({ record })}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('quickMessages.actions.delete')}>
          <IconButton
            size="small"
            aria-label={`${t('quickMessages.actions.delete')}: ${record.shortcode}`}
            onClick={() => setDeleting(record)}
          >
            <DeleteOutlineIcon fontSize="small" color="error" />
          </IconButton>
        </Tooltip>
      </>
    ) : null;

  return (
    <RecordsPage
      title={t('quickMessages.title')}
      count={data?.pages[0]?.count}
      search={{ value: search, onChange: setSearch, label: t('quickMessages.search') }}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
          {t('quickMessages.add')}
        </Button>
      }
    >
      <ListStatus
        loading={isLoading}
        empty={!isLoading && records.length === 0}
        title={t('quickMessages.empty.title')}
        message={t('quickMessages.empty.message')}
      />
      {records.length > 0 ? (
        narrow ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            {records.map((record) => (
              <Card key={record.id} variant="outlined">
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                      /{record.shortcode}
                    </Typography>
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
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table size="small" stickyHeader aria-label={t('quickMessages.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('quickMessages.columns.shortcode')}</TableCell>
                <TableCell>{t('quickMessages.columns.message')}</TableCell>
                <TableCell>{t('quickMessages.columns.media')}</TableCell>
                <TableCell align="center">{t('quickMessages.columns.geral')}</TableCell>
                <TableCell align="right">{t('quickMessages.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((record) => (
                <TableRow key={record.id} hover>
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
                  <TableCell>{media(record)}</TableCell>
                  <TableCell align="center">{general(record)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(record)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
      <LoadMoreSentinel hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />

      <QuickMessageModal open={Boolean(editing)} record={editing?.record} onClose={() => setEditing(null)} />
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('quickMessages.confirmDelete.title', { shortcode: deleting?.shortcode ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteRecord(deleting.id)
            .unwrap()
            .then(() => toast.success(t('quickMessages.toasts.deleted')))
            .catch(toastError);
        }}
      >
        {t('quickMessages.confirmDelete.message')}
      </ConfirmationModal>
    </RecordsPage>
  );
}
