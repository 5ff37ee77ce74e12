import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import TrelloBoard from 'react-trello';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { realtime } from '../../app/realtime';
import { TagModal } from '../tags/TagModal';
import { boardData, OPEN_LANE_ID } from './kanban-board';
import { useJoinLaneMutation, useKanbanLanesQuery, useKanbanTicketsQuery, useLeaveLaneMutation, type KanbanTicket } from './kanban.api';

// react-trello is CommonJS: the bundle may hand over its module object rather than its default export.
const Board = (TrelloBoard as unknown as { default?: typeof TrelloBoard }).default ?? TrelloBoard;

/** A ticket's card: 'Ticket n° {id}', the contact, the last message and the way to the ticket. */
function KanbanCard(props: { title: string; metadata: KanbanTicket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = props.metadata;
  return (
    <Paper variant="outlined" data-ticket-id={ticket.id} sx={{ p: 1.25, mb: 1, width: 250, cursor: 'grab', textAlign: 'left' }}>
      <Typography variant="subtitle2" component="h3">
        {props.title}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {ticket.contact.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {ticket.contact.number}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap title={ticket.lastMessage} sx={{ my: 0.5 }}>
        {ticket.lastMessage}
      </Typography>
      <Button size="small" variant="outlined" onClick={() => navigate(`/tickets/${ticket.uuid}`)}>
        {t('kanban.openTicket')}
      </Button>
    </Paper>
  );
}

/**
 * /kanban (spec 3 §2.14): the user's queues' open and waiting tickets in lanes, one per kanban tag plus the open lane.
 * Dragging a card to another lane takes it out of its lane, then into the new one (spec 3 §4); the board is read
 * again whenever a ticket or a tag changes anywhere.
 */
export default function KanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = useKanbanTicketsQuery();
  const lanes = useKanbanLanesQuery();
  const [leaveLane] = useLeaveLaneMutation();
  const [joinLane] = useJoinLaneMutation();
  const [addingLane, setAddingLane] = useState(false);
  const { refetch } = tickets;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 300);
    };
    const offs = [realtime.on('ticket', again), realtime.on('tag', again)];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [refetch]);

  const data = useMemo(
    () =>
      boardData(tickets.data?.tickets ?? [], lanes.data?.lista ?? [], {
        openLane: t('kanban.openLane'),
        cardTitle: (id) => t('kanban.cardTitle', { id }),
      }),
    [tickets.data, lanes.data, t],
  );

  const move = async (fromLaneId: string, toLaneId: string, cardId: string) => {
    if (fromLaneId === toLaneId) return;
    const ticketId = Number(cardId);
    try {
      await leaveLane(ticketId).unwrap();
      toast.success(t('kanban.toasts.removed'));
      if (toLaneId !== OPEN_LANE_ID) {
        await joinLane({ ticketId, tagId: Number(toLaneId) }).unwrap();
        toast.success(t('kanban.toasts.added'));
      }
    } catch (error) {
      // Spec 3 §6: the board's errors are logged, not shown; the board is read again so the card goes back.
      console.error('kanban move failed', error);
    }
    void refetch();
  };

  const failed = tickets.error || lanes.error;
  useEffect(() => {
    if (failed) console.error('kanban load failed', failed);
  }, [failed]);

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: { xs: 1, sm: 2 }, minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('kanban.title')}
        </Typography>
        <Button variant="outlined" startIcon={<LocalOfferIcon />} onClick={() => navigate('/kanban/tags')}>
          {t('kanban.tags')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddingLane(true)}>
          {t('kanban.addLane')}
        </Button>
      </Box>
      {tickets.data?.hasMore ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('kanban.more')}
        </Alert>
      ) : null}
      <Box
        // An empty lane is only its header: its drop area is stretched down the column so a card can land in it.
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', '& .smooth-dnd-container.vertical': { minHeight: 'calc(100vh - 260px)' } }}
        aria-label={t('kanban.title')}
        role="region"
      >
        <Board
          data={data}
          draggable
          laneDraggable={false}
          hideCardDeleteIcon
          components={{ Card: KanbanCard }}
          style={{ backgroundColor: 'transparent', height: '100%', padding: 0 }}
          onCardMoveAcrossLanes={(from, to, cardId) => void move(from, to, cardId)}
        />
      </Box>
      <TagModal open={addingLane} kanbanLane onClose={() => setAddingLane(false)} />
    </Box>
  );
}
