import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../../app/hooks';
import { toastError } from '../../../../app/errors';
import { ContactModal } from '../../../contacts/ContactModal';
import { useBlockContactMutation, useContactQuery, useToggleDisableBotMutation, type Contact } from '../../../contacts/contacts.api';
import { TicketNotes } from '../../../ticket-notes/TicketNotes';
import type { Ticket } from '../../tickets.api';
import { displayNumber } from '../contact-number';
import { settingEnabled } from '../session-rules';
import { ContactMediaTabs } from './ContactMediaTabs';
import { ContactTags } from './ContactTags';

/** Channels whose contacts are reached by phone number; the others (webchat, facebook, instagram) carry an id. */
const PHONE_CHANNELS = new Set(['whatsapp', 'whatsappapi']);

/** Spec 1 §2, §9: the contact drawer is 320 wide. */
export const CONTACT_DRAWER_WIDTH = 320;

function ContactNumber({ number }: { number: string | null | undefined }) {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.auth.user);
  // lgpdHideNumber: agents with profile user see the number partly masked (spec 1 §5).
  const shown = displayNumber(number, settingEnabled(me, 'lgpdHideNumber') && me?.profile === 'user');
  const text =
    shown.kind === 'number'
      ? shown.text
      : shown.kind === 'invalid'
        ? t('ticketPane.drawer.numberInvalid')
        : t('ticketPane.drawer.numberUnavailable');
  return (
    <Typography variant="body2" color={shown.kind === 'number' ? 'text.primary' : 'text.secondary'}>
      {text}
    </Typography>
  );
}

function DrawerBody({ ticket, contact, onClose }: { ticket: Ticket; contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [toggleDisableBot, { isLoading: togglingBot }] = useToggleDisableBotMutation();
  const [blockContact, { isLoading: blocking }] = useBlockContactMutation();

  const toggleBot = async () => {
    try {
      await toggleDisableBot(contact.id).unwrap();
    } catch (error) {
      toastError(error);
    }
  };

  const toggleBlock = async () => {
    const active = !contact.active;
    try {
      await blockContact({ id: contact.id, active }).unwrap();
      toast.success(active ? t('ticketPane.drawer.unblocked') : t('ticketPane.drawer.blocked'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, minHeight: 64, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('ticketPane.drawer.title')}
        </Typography>
        <IconButton aria-label={t('ticketPane.drawer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Stack spacing={2} sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }} divider={<Divider flexItem />}>
        <Stack spacing={1} alignItems="center" sx={{ textAlign: 'center' }}>
          <Avatar
            src={(contact.profilePicUrl || undefined) as string | undefined}
            alt={contact.name}
            sx={{ width: 96, height: 96, fontSize: 36 }}
          >
            {contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Typography>
          {!contact.active ? <Chip size="small" color="error" label={t('ticketPane.drawer.blockedBadge')} /> : null}
          {PHONE_CHANNELS.has(contact.channel ?? ticket.channel) ? <ContactNumber number={contact.number} /> : null}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {contact.email || t('ticketPane.drawer.noEmail')}
          </Typography>
          {ticket.protocol ? (
            <Typography variant="body2" color="text.secondary">
              {t('ticketPane.protocol', { protocol: ticket.protocol })}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {t('ticketPane.drawer.edit')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color={contact.active ? 'error' : 'success'}
              startIcon={contact.active ? <BlockIcon /> : <LockOpenIcon />}
              onClick={() => void toggleBlock()}
              disabled={blocking}
            >
              {contact.active ? t('ticketPane.drawer.block') : t('ticketPane.drawer.unblock')}
            </Button>
          </Stack>
          <FormControlLabel
            control={<Switch checked={Boolean(contact.disableBot)} onChange={() => void toggleBot()} disabled={togglingBot} />}
            label={t('ticketPane.drawer.disableBot')}
          />
        </Stack>
        {/* The ticket's tags: the ones its card and the kanban show (spec 1 §3). */}
        <ContactTags contactId={contact.id} ticketId={ticket.id} tags={ticket.tags ?? []} />
        <ContactMediaTabs ticketId={ticket.id} />
        <TicketNotes ticketId={ticket.id} contactId={contact.id} />
        <Box component="section" aria-labelledby="contact-extra-title">
          <Typography id="contact-extra-title" variant="subtitle2" gutterBottom>
            {t('ticketPane.drawer.extraInfo')}
          </Typography>
          {contact.extraInfo?.length ? (
            <Stack spacing={1}>
              {contact.extraInfo.map((info, index) => (
                <Box key={info.id ?? index}>
                  <Typography variant="caption" color="text.secondary">
                    {info.name}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {info.value}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('ticketPane.drawer.noExtraInfo')}
            </Typography>
          )}
        </Box>
      </Stack>
      <ContactModal open={editing} onClose={() => setEditing(false)} contactId={contact.id} />
    </Box>
  );
}

/**
 * Spec 1 §2 contact drawer (right, 320 wide): beside the conversation on wide screens, over it below 600 px.
 * The contact is read with its tags and extra info (GET /contacts/:id), the ticket's copy standing in meanwhile.
 */
export function ContactDrawer({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(600));
  const { t } = useTranslation();
  const { data: detailed } = useContactQuery(ticket.contactId, { skip: !open });
  const contact = detailed ?? ticket.contact;
  const body = contact ? <DrawerBody ticket={ticket} contact={contact} onClose={onClose} /> : null;

  if (narrow) {
    return (
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            id: 'ticket-contact-drawer',
            'aria-label': t('ticketPane.drawer.title'),
            sx: { width: '100%', maxWidth: CONTACT_DRAWER_WIDTH },
          },
        }}
      >
        {body}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <Box
      component="aside"
      id="ticket-contact-drawer"
      aria-label={t('ticketPane.drawer.title')}
      sx={{
        width: CONTACT_DRAWER_WIDTH,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        height: '100%',
        minHeight: 0,
      }}
    >
      {body}
    </Box>
  );
}
