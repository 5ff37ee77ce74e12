import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Collapse,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Paper,
  SpeedDial,
  SpeedDialAction,
  SpeedDialIcon,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import FilterListIcon from '@mui/icons-material/FilterList';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import AddCommentIcon from '@mui/icons-material/AddComment';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../app/errors';
import { useAppSelector } from '../../../app/hooks';
import { useDebouncedValue } from '../../../app/use-debounced-value';
import { useQueuesQuery } from '../../queues/queues.api';
import { ConfirmationModal } from '../../../components/ConfirmationModal';
import { NewTicketDialog } from '../dialogs/NewTicketDialog';
import { TicketsList } from '../list/TicketsList';
import { NO_QUEUE } from '../ticket-list-updates';
import { canShowAllTickets, isTicketAdmin } from '../ticket-permissions';
import { useCloseAllTicketsMutation, useTicketPagesInfiniteQuery, type TicketListParams } from '../tickets.api';
import { useTicketListLiveUpdates } from '../use-ticket-list-live-updates';
import { noFilters, TicketFilters, type AdvancedFilters } from './TicketFilters';
import { QueueSelect } from './QueueSelect';

type TopTab = 'open' | 'closed' | 'search';

/** The manager's top tabs (spec 1 §2): open, closed, search. */
const TOP_TABS: { value: TopTab; Icon: typeof SearchIcon }[] = [
  { value: 'open', Icon: MoveToInboxIcon },
  { value: 'closed', Icon: CheckBoxIcon },
  { value: 'search', Icon: SearchIcon },
];
type OpenTab = 'open' | 'pending' | 'group';

/** The count of a list, from its first page (kept current by the live updates). */
function useListCount(params: TicketListParams, skip: boolean): number {
  const { data } = useTicketPagesInfiniteQuery(params, { skip });
  return skip ? 0 : (data?.pages[0]?.count ?? 0);
}

/**
 * The ticket manager (spec 1 §2): search (debounced 500 ms) with advanced filters, tabs open / closed / search, the
 * open tab's sub-tabs assigned / pending / groups with counts, the queue selection, show-all for admins and the
 * speed-dial (New Ticket; Close All for admins).
 */
export function TicketsManager(props: { selectedUuid?: string }) {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  const admin = isTicketAdmin(user);
  const showAllAllowed = canShowAllTickets(user);
  useTicketListLiveUpdates();

  const [tab, setTab] = useState<TopTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 500);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<AdvancedFilters>(noFilters);
  // Admins see every ticket of the company, so they filter among all its queues; others among their own.
  const { data: companyQueues } = useQueuesQuery(undefined, { skip: !admin });
  const userQueues = useMemo(() => (admin && companyQueues ? companyQueues : (user?.queues ?? [])), [admin, companyQueues, user?.queues]);
  const [queueIds, setQueueIds] = useState<number[]>(() => [...userQueues.map((queue) => queue.id), NO_QUEUE]);
  // A queue offered later (the company's list arriving, a queue created meanwhile) starts selected.
  const offered = useRef(new Set(userQueues.map((queue) => queue.id)));
  useEffect(() => {
    const fresh = userQueues.map((queue) => queue.id).filter((id) => !offered.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) offered.current.add(id);
    setQueueIds((ids) => [...ids, ...fresh]);
  }, [userQueues]);
  const [showAll, setShowAll] = useState(false);
  const [dialOpen, setDialOpen] = useState(false);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [closeAll] = useCloseAllTicketsMutation();

  // Typing a search moves to the search tab; clearing it returns to the open tab.
  useEffect(() => {
    if (search) setTab('search');
  }, [search]);
  const onSearchChange = (text: string) => {
    setTyped(text);
    if (!text.trim()) setTab('open');
  };

  const base = useMemo(
    () => ({ queueIds: [...queueIds].sort((a, b) => a - b), showAll: showAllAllowed && showAll }),
    [queueIds, showAll, showAllAllowed],
  );
  const noQueueChosen = queueIds.length === 0;
  const openParams = useMemo<Record<OpenTab, TicketListParams>>(
    () => ({ open: { ...base, status: 'open' }, pending: { ...base, status: 'pending' }, group: { ...base, status: 'group' } }),
    [base],
  );
  const closedParams = useMemo<TicketListParams>(() => ({ ...base, status: 'closed' }), [base]);
  const searchParams = useMemo<TicketListParams>(
    () => ({
      ...base,
      showAll: admin && base.showAll,
      searchParam: search || undefined,
      tags: filters.tags.length ? filters.tags : undefined,
      whatsappIds: filters.whatsappIds.length ? filters.whatsappIds : undefined,
      statusFilter: filters.statuses.length ? filters.statuses : undefined,
      users: admin && filters.users.length ? filters.users : undefined,
    }),
    [base, admin, search, filters],
  );
  const counts: Record<OpenTab, number> = {
    open: useListCount(openParams.open, noQueueChosen),
    pending: useListCount(openParams.pending, noQueueChosen),
    group: useListCount(openParams.group, noQueueChosen),
  };

  const onAccepted = () => {
    setTab('open');
    setOpenTab('open');
  };

  const runCloseAll = async () => {
    try {
      const result = (await closeAll({ status: openTab, queueIds: base.queueIds, showAll: base.showAll }).unwrap()) as
        { count?: number } | undefined;
      toast.success(t('tickets.closeAll.done', { count: result?.count ?? 0 }));
    } catch (error) {
      toastError(error);
    }
  };

  const subTab = (value: OpenTab, label: string) => (
    <Tab
      value={value}
      sx={{ minWidth: 0, flex: 1, px: 0.5, whiteSpace: 'nowrap' }}
      label={
        <Badge badgeContent={counts[value]} color={value === 'pending' ? 'error' : 'primary'} max={999} sx={{ pr: 1.5 }}>
          <span>{label}</span>
        </Badge>
      }
      aria-label={t('tickets.manager.tabWithCount', { label, count: counts[value] })}
    />
  );

  const listParams = tab === 'open' ? openParams[openTab] : tab === 'closed' ? closedParams : searchParams;
  const listLabel =
    tab === 'open'
      ? t(`tickets.manager.openTabs.${openTab}`)
      : tab === 'closed'
        ? t('tickets.manager.tabs.closed')
        : t('tickets.manager.tabs.search');

  return (
    <Paper
      variant="outlined"
      square
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden', position: 'relative' }}
    >
      <Tabs value={tab} onChange={(_event, value: TopTab) => setTab(value)} variant="fullWidth" aria-label={t('tickets.manager.tabsLabel')}>
        {TOP_TABS.map(({ value, Icon }) => (
          <Tab
            key={value}
            value={value}
            icon={<Icon fontSize="small" />}
            iconPosition="start"
            label={t(`tickets.manager.tabs.${value}`)}
            // Three to a 400 px column: room for the longer en/es words ("RESUELTOS", "BÚSQUEDA") on one line.
            sx={{ minHeight: 48, minWidth: 0, px: 1, whiteSpace: 'nowrap', '& .MuiTab-icon': { mr: 0.5 } }}
          />
        ))}
      </Tabs>

      <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 0.5, px: 1, pt: 1, pb: 0.5, pr: 7 }}>
        <TextField
          size="small"
          fullWidth
          type="search"
          placeholder={t('tickets.manager.searchPlaceholder')}
          value={typed}
          onChange={(event) => onSearchChange(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('tickets.manager.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={t('tickets.manager.advancedFilters')}>
          <IconButton
            aria-label={t('tickets.manager.advancedFilters')}
            aria-pressed={filtersOpen}
            color={filtersOpen ? 'primary' : 'default'}
            onClick={() => {
              setFiltersOpen((open) => !open);
              setTab('search');
            }}
          >
            <FilterListIcon />
          </IconButton>
        </Tooltip>
        <SpeedDial
          ariaLabel={t('tickets.manager.actions')}
          open={dialOpen}
          // Opened by its button only: hover-opening fights with a click that follows it.
          onOpen={(_event, reason) => reason === 'toggle' && setDialOpen(true)}
          onClose={(_event, reason) => reason !== 'mouseLeave' && setDialOpen(false)}
          direction="down"
          icon={<SpeedDialIcon />}
          FabProps={{ size: 'small' }}
          sx={{ position: 'absolute', top: 8, right: 8, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <SpeedDialAction
            icon={<AddCommentIcon />}
            tooltipTitle={t('tickets.manager.newTicket')}
            slotProps={{ fab: { 'aria-label': t('tickets.manager.newTicket') } }}
            onClick={() => {
              setDialOpen(false);
              setNewTicketOpen(true);
            }}
          />
          {admin ? (
            <SpeedDialAction
              icon={<DoneAllIcon />}
              tooltipTitle={t('tickets.manager.closeAll')}
              slotProps={{ fab: { 'aria-label': t('tickets.manager.closeAll') } }}
              onClick={() => {
                setDialOpen(false);
                setConfirmCloseAll(true);
              }}
            />
          ) : null}
        </SpeedDial>
      </Box>

      <Collapse in={filtersOpen && tab === 'search'} unmountOnExit>
        <TicketFilters value={filters} onChange={setFilters} showUsers={admin} />
      </Collapse>

      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1, py: 0.5 }}>
        <QueueSelect queues={userQueues} value={queueIds} onChange={setQueueIds} />
        {showAllAllowed ? (
          <FormControlLabel
            sx={{ mr: 0, flexShrink: 0 }}
            control={<Switch size="small" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
            label={t('tickets.manager.showAll')}
          />
        ) : null}
      </Stack>

      {tab === 'open' ? (
        <Tabs
          value={openTab}
          onChange={(_event, value: OpenTab) => setOpenTab(value)}
          variant="fullWidth"
          aria-label={t('tickets.manager.openTabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        >
          {subTab('open', t('tickets.manager.openTabs.open'))}
          {subTab('pending', t('tickets.manager.openTabs.pending'))}
          {subTab('group', t('tickets.manager.openTabs.group'))}
        </Tabs>
      ) : null}

      <TicketsList params={listParams} selectedUuid={props.selectedUuid} skip={noQueueChosen} label={listLabel} onAccepted={onAccepted} />

      <NewTicketDialog open={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <ConfirmationModal
        open={confirmCloseAll}
        title={t('tickets.closeAll.title')}
        confirmLabel={t('common.yes')}
        onClose={() => setConfirmCloseAll(false)}
        onConfirm={() => void runCloseAll()}
      >
        {t('tickets.closeAll.message', { tab: t(`tickets.manager.openTabs.${openTab}`) })}
      </ConfirmationModal>
    </Paper>
  );
}
