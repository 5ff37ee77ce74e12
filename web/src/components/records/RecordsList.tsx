import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { toastError } from '../../app/errors';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { LoadMoreSentinel } from './LoadMoreSentinel';
import { flattenPages, type PagedData } from './paged-cache';
import { ListStatus } from './RecordsPage';

/** Below the sm breakpoint a records page shows cards instead of a table. */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width:599.95px)');
}

/** The search box of a records page: what is typed, and the trimmed text debounced 500 ms for the query. */
export function useRecordSearch() {
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  return { search, setSearch, searchParam };
}

interface InfiniteResult<Page> {
  data?: PagedData<Page>;
  isLoading: boolean;
  error?: unknown;
  fetchNextPage: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage: boolean;
}

/**
 * The loaded records of an infinite query (toasting its errors), with the total count of the first page and what
 * RecordsList needs for its status and its infinite scroll.
 */
export function useInfiniteRecords<Page extends { count?: number }, Item extends { id: number }>(
  result: InfiniteResult<Page>,
  items: (page: Page) => Item[],
) {
  const { data, isLoading, error, fetchNextPage, hasNextPage, isFetchingNextPage } = result;
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    records: flattenPages(data, items),
    count: data?.pages[0]?.count,
    loading: isLoading,
    more: { hasMore: Boolean(hasNextPage), loading: isFetchingNextPage, onLoadMore: loadMore },
  };
}

/** The contained "add" button at the top of a records page. */
export function AddRecordButton(props: { label: string; onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={props.onClick}>
      {props.label}
    </Button>
  );
}

/** A record's card on narrow screens. */
export function RecordCard(props: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Card variant="outlined">
      <CardContent sx={[{ p: 1.5, '&:last-child': { pb: 1.5 } }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}>
        {props.children}
      </CardContent>
    </Card>
  );
}

export interface RecordColumn {
  label: string;
  align?: 'center' | 'right';
}

/**
 * The body of a records page: first-load spinner or empty state, then the records as cards (narrow screens) or as
 * a table whose last column holds the row's actions, then the infinite-scroll marker.
 */
export function RecordsList<Item extends { id: number }>(props: {
  records: Item[];
  loading: boolean;
  more: { hasMore: boolean; loading: boolean; onLoadMore: () => void };
  empty: { title: string; message?: string };
  /** The table's accessible name. */
  label: string;
  columns: RecordColumn[];
  actionsLabel: string;
  renderCard: (record: Item) => ReactNode;
  renderCells: (record: Item) => ReactNode;
  renderActions: (record: Item) => ReactNode;
  /** A row's own look: a warning tint (a company due soon, an overdue invoice). */
  rowSx?: (record: Item) => SxProps<Theme> | undefined;
}) {
  const narrow = useNarrowScreen();
  const { records } = props;
  return (
    <>
      <ListStatus
        loading={props.loading}
        empty={!props.loading && records.length === 0}
        title={props.empty.title}
        message={props.empty.message}
      />
      {records.length > 0 ? (
        narrow ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            {records.map((record) => (
              <Fragment key={record.id}>{props.renderCard(record)}</Fragment>
            ))}
          </Stack>
        ) : (
          <Table size="small" stickyHeader aria-label={props.label}>
            <TableHead>
              <TableRow>
                {props.columns.map((column) => (
                  <TableCell key={column.label} align={column.align}>
                    {column.label}
                  </TableCell>
                ))}
                <TableCell align="right">{props.actionsLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((record) => (
                <TableRow key={record.id} hover sx={props.rowSx?.(record)}>
                  {props.renderCells(record)}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {props.renderActions(record)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
      <LoadMoreSentinel hasMore={props.more.hasMore} loading={props.more.loading} onLoadMore={props.more.onLoadMore} />
    </>
  );
}
