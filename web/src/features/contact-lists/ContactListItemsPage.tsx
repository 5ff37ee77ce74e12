import { useMemo, useRef, useState } from 'react';
import { Box, Button, TableCell, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { canDeleteContact } from '../contacts/contact-permissions';
import { ContactListItemModal } from './ContactListItemModal';
import { IMPORT_ACCEPT, ImportContactListDialog } from './ImportContactListDialog';
import {
  useContactListItemsPageInfiniteQuery,
  useContactListQuery,
  useDeleteContactListItemMutation,
  type ContactListItem,
} from './contact-lists.api';

/** The WhatsApp check of an item: green when the connection knows the number, grey otherwise (or not checked yet). */
function WhatsappValidIcon({ valid }: { valid: boolean }) {
  const { t } = useTranslation();
  const label = valid ? t('contactLists.items.valid') : t('contactLists.items.invalid');
  return (
    <Tooltip title={label}>
      <WhatsAppIcon
        fontSize="small"
        sx={{ display: 'block', mx: 'auto', color: valid ? 'success.main' : 'action.disabled' }}
        titleAccess={label}
      />
    </Tooltip>
  );
}

/**
 * /contact-lists/:contactListId/contacts (spec 3 §2.2): the list's name as the title, a search, back, import and
 * add; each contact with its WhatsApp check, name, number, e-mail, edit and (for roles that may) delete.
 */
export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const user = useAppSelector((state) => state.auth.user);
  const { data: contactList } = useContactListQuery(contactListId, { skip: !Number.isSafeInteger(contactListId) });
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ record: ContactListItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const [importing, setImporting] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const args = useMemo(() => ({ contactListId, searchParam: searchParam || undefined }), [contactListId, searchParam]);
  const list = useInfiniteRecords(useContactListItemsPageInfiniteQuery(args), (page) => page.contacts);
  const [deleteItem] = useDeleteContactListItemMutation();

  const actions = (record: ContactListItem) => (
    <EditDeleteActions
      name={record.name}
      editLabel={t('contactLists.items.actions.edit')}
      onEdit={() => setEditing({ record })}
      deleteLabel={t('contactLists.items.actions.delete')}
      onDelete={canDeleteContact(user) ? () => setDeleting(record) : undefined}
    />
  );

  return (
    <RecordsPage
      title={contactList?.name ?? t('contactLists.items.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('contactLists.items.search') }}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate('/contact-lists')}>
            {t('contactLists.items.back')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => picker.current?.click()}>
            {t('contactLists.items.import')}
          </Button>
          <input
            ref={picker}
            type="file"
            accept={IMPORT_ACCEPT}
            hidden
            aria-label={t('contactLists.items.import')}
            onChange={(event) => {
              setImporting(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <AddRecordButton label={t('contactLists.items.add')} onClick={() => setEditing({ record: null })} />
        </Box>
      }
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('contactLists.items.empty.title'), message: t('contactLists.items.empty.message') }}
        label={contactList?.name ?? t('contactLists.items.title')}
        columns={[
          { label: t('contactLists.items.columns.whatsapp'), align: 'center' },
          { label: t('contactLists.items.columns.name') },
          { label: t('contactLists.items.columns.number') },
          { label: t('contactLists.items.columns.email') },
        ]}
        actionsLabel={t('contactLists.items.columns.actions')}
        renderCard={(record) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <WhatsappValidIcon valid={record.isWhatsappValid} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {record.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[record.number, record.email].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              {actions(record)}
            </Box>
          </RecordCard>
        )}
        renderCells={(record) => (
          <>
            <TableCell align="center" sx={{ width: 56 }}>
              <WhatsappValidIcon valid={record.isWhatsappValid} />
            </TableCell>
            <TableCell sx={{ fontWeight: 500 }}>{record.name}</TableCell>
            <TableCell>{record.number}</TableCell>
            <TableCell>{record.email}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <ContactListItemModal
        open={Boolean(editing)}
        contactListId={contactListId}
        record={editing?.record}
        onClose={() => setEditing(null)}
      />
      <ImportContactListDialog
        file={importing}
        contactList={{ id: contactListId, name: contactList?.name ?? '' }}
        onClose={() => setImporting(null)}
      />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('contactLists.items.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(record) => deleteItem(record.id)}
        deletedMessage={t('contactLists.items.toasts.deleted')}
      >
        {t('contactLists.items.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
