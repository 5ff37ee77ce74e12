import { useCallback, useMemo, type UIEvent } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { mergedTickets } from '../ticket-list-updates';
import { isTicketAdmin } from '../ticket-permissions';
import { useTicketPagesInfiniteQuery, type Ticket, type TicketListParams } from '../tickets.api';
import { TicketCard } from './TicketCard';

/** Load the next page when scrolled to within this many pixels of the bottom (spec 1 §9). */
export const NEXT_PAGE_THRESHOLD_PX = 100;

/**
 * One ticket list of the manager: GET /tickets page by page with infinite scroll, the pages merged; live socket
 * changes arrive through the cache (useTicketListLiveUpdates). `skip` leaves it empty (no queue selected).
 */
export function TicketsList(props: {
  params: TicketListParams;
  selectedUuid?: string;
  skip?: boolean;
  label: string;
  onAccepted?: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation();
  const admin = isTicketAdmin(useAppSelector((state) => state.auth.user));
  const { data, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, isError } = useTicketPagesInfiniteQuery(
    props.params,
    { skip: props.skip },
  );
  const tickets = useMemo(() => (props.skip ? [] : mergedTickets(data, props.params)), [data, props.params, props.skip]);

  const state = props.skip ? 'noQueue' : isError ? 'error' : 'empty';

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
      if (scrollHeight - (scrollTop + clientHeight) < NEXT_PAGE_THRESHOLD_PX && hasNextPage && !isFetching) void fetchNextPage();
    },
    [hasNextPage, isFetching, fetchNextPage],
  );

  return (
    <Box onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} aria-busy={isFetching}>
      {tickets.length > 0 ? (
        <Box component="ul" aria-label={props.label} sx={{ m: 0, p: 0 }}>
          {tickets.map((ticket) => (
            <TicketCard
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === props.selectedUuid}
              showUser={admin}
              onAccepted={props.onAccepted}
            />
          ))}
        </Box>
      ) : isLoading ? null : (
        <Box sx={{ p: 3, textAlign: 'center' }} role="status">
          <Typography variant="subtitle1" fontWeight={600} gutterBottom>
            {t(`tickets.list.${state}Title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`tickets.list.${state}Message`)}
          </Typography>
        </Box>
      )}
      {isLoading || isFetchingNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : null}
    </Box>
  );
}
