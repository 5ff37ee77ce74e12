import { useMemo, useState } from 'react';
import { Box, TableCell, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../app/errors';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions, RowActionButton } from '../../components/records/RowActions';
import { ContactListModal } from './ContactListModal';
import {
  useContactListsPageInfiniteQuery,
  useDeleteContactListMutation,
  useDownloadContactListExampleMutation,
  type ContactList,
} from './contact-lists.api';

/** /contact-lists (spec 3 §2.2): each list with its contacts count; example spreadsheet, contacts, edit, delete. */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ record: ContactList | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useContactListsPageInfiniteQuery(args), (page) => page.records);
  const [deleteList] = useDeleteContactListMutation();
  const [downloadExample] = useDownloadContactListExampleMutation();

  const openContacts = (record: ContactList) => navigate(`/contact-lists/${record.id}/contacts`);
  const actions = (record: ContactList) => (
    <>
      <RowActionButton
        label={t('contactLists.actions.example')}
        name={record.name}
        icon={<DownloadIcon fontSize="small" />}
        onClick={() => downloadExample().unwrap().catch(toastError)}
      />
      <RowActionButton
        label={t('contactLists.actions.contacts')}
        name={record.name}
        icon={<PeopleIcon fontSize="small" />}
        onClick={() => openContacts(record)}
      />
      <EditDeleteActions
        name={record.name}
        editLabel={t('contactLists.actions.edit')}
        onEdit={() => setEditing({ record })}
        deleteLabel={t('contactLists.actions.delete')}
        onDelete={() => setDeleting(record)}
      />
    </>
  );

  return (
    <RecordsPage
      title={t('contactLists.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('contactLists.search') }}
      actions={<AddRecordButton label={t('contactLists.add')} onClick={() => setEditing({ record: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('contactLists.empty.title'), message: t('contactLists.empty.message') }}
        label={t('contactLists.title')}
        columns={[{ label: t('contactLists.columns.name') }, { label: t('contactLists.columns.contactsCount'), align: 'center' }]}
        actionsLabel={t('contactLists.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {record.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('contactLists.contactsCount', { count: record.contactsCount ?? 0 })}
                </Typography>
              </Box>
              {actions(record)}
            </Box>
          </RecordCard>
        )}
        renderCells={(record) => (
          <>
            <TableCell sx={{ fontWeight: 500 }}>{record.name}</TableCell>
            <TableCell align="center">{record.contactsCount ?? 0}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <ContactListModal open={Boolean(editing)} record={editing?.record} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('contactLists.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => deleteList(record.id)}
        deletedMessage={t('contactLists.toasts.deleted')}
      >
        {t('contactLists.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
