import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/errors';
import { MessageInput } from '../../messages/MessageInput';
import { MessagesList } from '../../messages/MessagesList';
import { useTicketByUuidQuery } from '../tickets.api';
import { ContactDrawer } from './contact/ContactDrawer';
import { TicketHeader } from './TicketHeader';
import { useTicketLive } from './use-ticket-live';
import { useTicketReading } from './use-ticket-reading';

/** Spec 1 §9: the ticket is fetched 500 ms after it is chosen, so skimming through the list does not fetch each one. */
const FETCH_DELAY_MS = 500;

/**
 * The ticket pane (spec 1 §2): header with the actions, the conversation, the composer and the contact drawer.
 * A ticket that cannot be loaded sends the user back to /tickets with the error toast.
 */
export default function TicketPane({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [delayed, setDelayed] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDelayed(uuid), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [uuid]);

  const ready = delayed === uuid;
  const { data: ticket, error } = useTicketByUuidQuery(uuid, { skip: !ready });
  const shown = ticket?.uuid === uuid ? ticket : undefined;

  useEffect(() => {
    if (!error) return;
    toastError(error);
    navigate('/tickets');
  }, [error, navigate]);

  useTicketLive(uuid, shown?.id, shown?.contactId);
  const paneElement = useRef<HTMLDivElement>(null);
  useTicketReading(shown?.id, paneElement);

  if (!shown) {
    return (
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
          height: '100%',
          minHeight: 240,
        }}
      >
        <CircularProgress aria-label={t('ticketPane.loading')} />
        <Typography color="text.secondary">{t('ticketPane.loading')}</Typography>
      </Box>
    );
  }

  return (
    <Box
      ref={paneElement}
      sx={{ display: 'flex', height: '100%', minHeight: 0, width: '100%', overflow: 'hidden' }}
      data-ticket-uuid={uuid}
    >
      <Box
        component="section"
        aria-label={t('ticketPane.label', { id: shown.id })}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}
      >
        <TicketHeader ticket={shown} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
          <MessagesList ticket={shown} />
        </Box>
        <MessageInput ticket={shown} />
      </Box>
      <ContactDrawer ticket={shown} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </Box>
  );
}
