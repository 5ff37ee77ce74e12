import { useEffect, useState } from 'react';
import { Box, Button, Tab, Tabs, useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyPane } from '../../components/EmptyPane';
import { TicketsManager } from './manager/TicketsManager';
import TicketPane from './pane/TicketPane';

/** No ticket chosen yet. */
function Placeholder(props: { onSelect?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyPane text={t('tickets.page.noTicket')}>
      {props.onSelect ? (
        <Button variant="contained" onClick={props.onSelect}>
          {t('tickets.page.selectTicket')}
        </Button>
      ) : null}
    </EmptyPane>
  );
}

/**
 * The ticket area, /tickets/:ticketId? (spec 1 §2): the list and the chosen ticket side by side; under 600 px two
 * tabs, Ticket and Atendimentos, the Ticket tab showing the chosen ticket or a button to go and pick one.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams<{ ticketId?: string }>();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [mobileTab, setMobileTab] = useState<'ticket' | 'list'>(ticketId ? 'ticket' : 'list');

  // Choosing a ticket on a narrow screen shows it.
  useEffect(() => {
    if (ticketId) setMobileTab('ticket');
  }, [ticketId]);

  const pane = ticketId ? <TicketPane key={ticketId} uuid={ticketId} /> : null;

  if (narrow) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
        <Tabs
          value={mobileTab}
          onChange={(_event, value: 'ticket' | 'list') => setMobileTab(value)}
          variant="fullWidth"
          aria-label={t('tickets.page.areaTabs')}
        >
          <Tab value="ticket" label={t('tickets.page.ticketTab')} />
          <Tab value="list" label={t('tickets.page.listTab')} />
        </Tabs>
        <Box sx={{ flex: 1, minHeight: 0, display: mobileTab === 'ticket' ? 'block' : 'none' }}>
          {pane ?? <Placeholder onSelect={() => setMobileTab('list')} />}
        </Box>
        <Box sx={{ flex: 1, minHeight: 0, display: mobileTab === 'list' ? 'flex' : 'none', flexDirection: 'column' }}>
          <TicketsManager selectedUuid={ticketId} />
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, p: { sm: 1 }, gap: 1 }}>
      <Box sx={{ width: { sm: 340, md: 400 }, flexShrink: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketsManager selectedUuid={ticketId} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{pane ?? <Placeholder />}</Box>
    </Box>
  );
}
