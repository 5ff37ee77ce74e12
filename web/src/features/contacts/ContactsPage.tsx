import { useMemo, useState, type ReactNode } from 'react';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TableCell,
  TextField,
  Typography,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { upperCase } from '../../app/i18n';
import { TagChip } from '../tags/TagChip';
import { useListAllTagsQuery, type Tag } from '../tags/tags.api';
import { ContactModal } from './ContactModal';
import { ImportContactsDialog } from './ImportContactsDialog';
import { StartTicketDialog } from './StartTicketDialog';
import { contactAddress, hasPhoneNumber, startsOnWhatsApp } from './contact-address';
import { canDeleteContact, canExportContacts } from './contact-permissions';
import {
  useBlockContactMutation,
  useContactsPageInfiniteQuery,
  useDeleteContactMutation,
  useExportContactsMutation,
  type Contact,
} from './contacts.api';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import {
  AddRecordButton,
  RecordCard,
  RecordsList,
  useInfiniteRecords,
  useNarrowScreen,
  useRecordSearch,
} from '../../components/records/RecordsList';
import { RowActionButton } from '../../components/records/RowActions';

/** Tag chips shown on a row before the rest are counted (as on the ticket card). */
const SHOWN_TAGS = 2;

/** /contacts (spec 1 §2 Contacts page): search, tag filter, add/edit, block, delete, start a ticket, schedule, import/export. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const user = useAppSelector((state) => state.auth.user);
  const { search, setSearch, searchParam } = useRecordSearch();
  const [tagFilter, setTagFilter] = useState<Tag[]>([]);
  const [editing, setEditing] = useState<{ contactId?: number } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [starting, setStarting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const args = useMemo(
    () => ({ searchParam: searchParam || undefined, contactTag: tagFilter.map((tag) => tag.id) }),
    [searchParam, tagFilter],
  );
  const list = useInfiniteRecords(useContactsPageInfiniteQuery(args), (page) => page.contacts);
  const { data: tags = [] } = useListAllTagsQuery();
  const [blockContact] = useBlockContactMutation();
  const [deleteContact] = useDeleteContactMutation();
  const [exportContacts, { isLoading: exporting }] = useExportContactsMutation();

  const actions: ContactActionHandlers = {
    startTicket: setStarting,
    schedule: (contact) => navigate(`/schedules?contactId=${contact.id}`),
    edit: (contact) => setEditing({ contactId: contact.id }),
    toggleBlock: async (contact) => {
      try {
        await blockContact({ id: contact.id, active: !contact.active }).unwrap();
        toast.success(contact.active ? t('contacts.toasts.blocked') : t('contacts.toasts.unblocked'));
      } catch (failure) {
        toastError(failure);
      }
    },
    remove: canDeleteContact(user) ? setDeleting : undefined,
  };

  return (
    <RecordsPage
      title={t('contacts.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('contacts.search') }}
      actions={
        <>
          {narrow ? (
            <IconButton
              aria-label={t('contacts.importExport')}
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <ImportExportIcon />
            </IconButton>
          ) : (
            <Button
              variant="outlined"
              startIcon={<ImportExportIcon />}
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              {t('contacts.importExport')}
            </Button>
          )}
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            <MenuItem
              onClick={() => {
                setMenuAnchor(null);
                setImporting(true);
              }}
            >
              <ListItemIcon>
                <FileUploadIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('contacts.importMenu')}</ListItemText>
            </MenuItem>
            {canExportContacts(user) ? (
              <MenuItem
                disabled={exporting}
                onClick={() => {
                  setMenuAnchor(null);
                  const pending = toast.info(t('contacts.exporting'), { autoClose: false });
                  exportContacts()
                    .unwrap()
                    .catch(toastError)
                    .finally(() => toast.dismiss(pending));
                }}
              >
                <ListItemIcon>
                  <FileDownloadIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('contacts.exportMenu')}</ListItemText>
              </MenuItem>
            ) : null}
          </Menu>
          <AddRecordButton label={t('contacts.add')} onClick={() => setEditing({})} />
        </>
      }
      filters={
        <Autocomplete<Tag, true>
          multiple
          size="small"
          options={tags}
          value={tagFilter}
          onChange={(_event, value) => setTagFilter(value)}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionLabel={(option) => option.name}
          renderValue={(value, getItemProps) =>
            value.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...itemProps}
                  size="small"
                  label={tag.name}
                  sx={{ bgcolor: tag.color ?? undefined, color: tag.color ? '#fff' : undefined }}
                />
              );
            })
          }
          renderInput={(params) => <TextField {...params} label={t('contacts.filterTags')} />}
          sx={{ maxWidth: { sm: 480 } }}
        />
      }
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('contacts.empty.title'), message: t('contacts.empty.message') }}
        label={t('contacts.title')}
        columns={[
          { label: t('contacts.columns.name') },
          { label: t('contacts.columns.number') },
          { label: t('contacts.columns.email') },
          { label: t('contacts.columns.tags') },
          { label: t('contacts.columns.status') },
        ]}
        actionsLabel={t('contacts.columns.actions')}
        renderCard={(contact) => <ContactCard contact={contact} actions={actions} />}
        renderCells={(contact) => (
          <>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <ContactAvatar contact={contact} />
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {contact.name}
                </Typography>
              </Box>
            </TableCell>
            <TableCell>{contactAddress(contact) ?? t('contacts.visitor')}</TableCell>
            <TableCell>{contact.email || '—'}</TableCell>
            <TableCell>
              <ContactTags contact={contact} />
            </TableCell>
            <TableCell>
              <ContactStatus contact={contact} />
            </TableCell>
          </>
        )}
        renderActions={(contact) => <ContactActions contact={contact} actions={actions} />}
      />

      <ContactModal open={Boolean(editing)} contactId={editing?.contactId} onClose={() => setEditing(null)} />
      <StartTicketDialog contact={starting} onClose={() => setStarting(null)} />
      <ImportContactsDialog open={importing} onClose={() => setImporting(false)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('contacts.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(contact) => deleteContact(contact.id)}
        deletedMessage={t('contacts.toasts.deleted')}
      >
        {t('contacts.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}

interface ContactActionHandlers {
  startTicket: (contact: Contact) => void;
  schedule: (contact: Contact) => void;
  edit: (contact: Contact) => void;
  toggleBlock: (contact: Contact) => void;
  /** Absent for users without contacts-page:deleteContact. */
  remove?: (contact: Contact) => void;
}

function ContactAvatar({ contact }: { contact: Contact }) {
  return (
    <Avatar src={contact.urlPicture || contact.profilePicUrl || undefined} alt="" sx={{ width: 36, height: 36 }}>
      {upperCase(contact.name.charAt(0))}
    </Avatar>
  );
}

function ContactTags({ contact }: { contact: Contact }) {
  const tags = contact.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {tags.slice(0, SHOWN_TAGS).map((tag) => (
        <TagChip key={tag.id} name={tag.name} color={tag.color} />
      ))}
      {tags.length > SHOWN_TAGS ? <Chip size="small" label={`+${tags.length - SHOWN_TAGS}`} /> : null}
    </Box>
  );
}

function ContactStatus({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  return contact.active ? (
    <Chip size="small" color="success" variant="outlined" label={t('contacts.status.active')} />
  ) : (
    <Chip size="small" color="error" label={t('contacts.status.blocked')} />
  );
}

/** The row's actions as icon buttons (wide) — the card uses the same handlers in a menu. */
function ContactActions({ contact, actions }: { contact: Contact; actions: ContactActionHandlers }) {
  const { t } = useTranslation();
  const button = (label: string, icon: ReactNode, onClick: () => void) => (
    <RowActionButton label={label} name={contact.name} icon={icon} onClick={onClick} />
  );
  return (
    <>
      {startsOnWhatsApp(contact)
        ? button(t('contacts.actions.startTicket'), <WhatsAppIcon fontSize="small" color="success" />, () => actions.startTicket(contact))
        : null}
      {button(t('contacts.actions.schedule'), <ScheduleIcon fontSize="small" />, () => actions.schedule(contact))}
      {button(t('contacts.actions.edit'), <EditIcon fontSize="small" />, () => actions.edit(contact))}
      {contact.active
        ? button(t('contacts.actions.block'), <BlockIcon fontSize="small" />, () => actions.toggleBlock(contact))
        : button(t('contacts.actions.unblock'), <CheckCircleOutlineIcon fontSize="small" color="success" />, () =>
            actions.toggleBlock(contact),
          )}
      {actions.remove
        ? button(t('contacts.actions.delete'), <DeleteOutlineIcon fontSize="small" color="error" />, () => actions.remove!(contact))
        : null}
    </>
  );
}

/** Narrow screens: one card per contact, the less frequent actions in a menu. */
function ContactCard({ contact, actions }: { contact: Contact; actions: ContactActionHandlers }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item = (label: string, icon: ReactNode, onClick: () => void) => (
    <MenuItem
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <RecordCard sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <ContactAvatar contact={contact} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>
          {contact.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {contactAddress(contact) ?? t('contacts.visitor')}
        </Typography>
        {contact.email && hasPhoneNumber(contact) ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {contact.email}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {contact.active ? null : <ContactStatus contact={contact} />}
          <ContactTags contact={contact} />
        </Box>
      </Box>
      {startsOnWhatsApp(contact) ? (
        <IconButton aria-label={`${t('contacts.actions.startTicket')}: ${contact.name}`} onClick={() => actions.startTicket(contact)}>
          <WhatsAppIcon color="success" />
        </IconButton>
      ) : null}
      <IconButton
        aria-label={`${t('contacts.actions.more')}: ${contact.name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item(t('contacts.actions.schedule'), <ScheduleIcon fontSize="small" />, () => actions.schedule(contact))}
        {item(t('contacts.actions.edit'), <EditIcon fontSize="small" />, () => actions.edit(contact))}
        {item(
          contact.active ? t('contacts.actions.block') : t('contacts.actions.unblock'),
          contact.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />,
          () => actions.toggleBlock(contact),
        )}
        {actions.remove
          ? item(t('contacts.actions.delete'), <DeleteOutlineIcon fontSize="small" color="error" />, () => actions.remove!(contact))
          : null}
      </Menu>
    </RecordCard>
  );
}
