import { useEffect, useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { UserDialog } from './UserDialog';
import { useDeleteUserMutation, useUsersPageInfiniteQuery, type CompanyUser } from './users.api';

/** /users (spec 2 §2, admin): the company's users, searched by name or e-mail; add, edit, delete with confirmation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.auth.user);
  const admin = me?.profile === 'admin' || Boolean(me?.super);
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ userId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<CompanyUser | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const result = useUsersPageInfiniteQuery(args, { skip: !admin });
  // Spec 2 §8: a server failure loading users has its own message; other errors go to the shared toast.
  const list = useInfiniteRecords({ ...result, error: undefined }, (page) => page.users);
  useEffect(() => {
    if (!result.error) return;
    if ((result.error as { status?: unknown }).status === 500) toast.error(t('users.errors.getUsers'), { toastId: 'users-load' });
    else toastError(result.error);
  }, [result.error, t]);
  const [deleteUser] = useDeleteUserMutation();

  if (!admin) return <Navigate to="/tickets" replace />;

  const actions = (user: CompanyUser) => (
    <EditDeleteActions
      name={user.name}
      editLabel={t('users.actions.edit')}
      onEdit={() => setEditing({ userId: user.id })}
      deleteLabel={t('users.actions.delete')}
      // The server refuses it too (ERR_CANNOT_DELETE_SELF): an admin is never offered to delete their own account.
      onDelete={user.id === me?.id ? undefined : () => setDeleting(user)}
    />
  );
  const profile = (user: CompanyUser) => t(`users.profiles.${user.profile}`, { defaultValue: user.profile });
  const hours = (user: CompanyUser) => (user.startWork && user.endWork ? `${user.startWork} – ${user.endWork}` : '—');
  const queues = (user: CompanyUser) =>
    (user.queues ?? []).length === 0 ? (
      '—'
    ) : (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {(user.queues ?? []).map((queue) => (
          <Chip key={queue.id} size="small" variant="outlined" label={queue.name} sx={{ borderColor: queue.color }} />
        ))}
      </Box>
    );

  return (
    <RecordsPage
      title={t('users.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('users.search') }}
      actions={<AddRecordButton label={t('users.add')} onClick={() => setEditing({ userId: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('users.empty.title'), message: t('users.empty.message') }}
        label={t('users.title')}
        columns={[
          { label: t('users.columns.name') },
          { label: t('users.columns.email') },
          { label: t('users.columns.profile'), align: 'center' },
          { label: t('users.columns.queues') },
          { label: t('users.columns.hours'), align: 'center' },
        ]}
        actionsLabel={t('users.columns.actions')}
        renderCard={(user) => (
          <RecordCard sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {user.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {user.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {profile(user)} · {hours(user)}
              </Typography>
              <Box sx={{ mt: 0.5 }}>{queues(user)}</Box>
            </Box>
            {actions(user)}
          </RecordCard>
        )}
        renderCells={(user) => (
          <>
            <TableCell>{user.name}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell align="center">{profile(user)}</TableCell>
            <TableCell>{queues(user)}</TableCell>
            <TableCell align="center">{hours(user)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <UserDialog open={Boolean(editing)} userId={editing?.userId} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('users.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(user) => deleteUser(user.id)}
        deletedMessage={t('users.toasts.deleted')}
      >
        {t('users.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
