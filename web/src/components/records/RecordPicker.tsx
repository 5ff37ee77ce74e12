import { useMemo, useState, type UIEvent } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { flattenPages, type PagedData } from './paged-cache';

export interface PickedRecord {
  id: number;
  name: string;
}

/**
 * Where a picker reads its records: a list the server searches (`searchParam`) and pages (`pageNumber`, `hasMore`),
 * and optionally one record by id, for the chosen one's name when it is not among the pages loaded.
 */
export interface RecordSource<Page, Item extends PickedRecord> {
  usePages: (
    args: { searchParam?: string },
    options: { skip: boolean },
  ) => {
    data?: PagedData<Page>;
    error?: unknown;
    isFetching: boolean;
    fetchNextPage: () => unknown;
    hasNextPage?: boolean;
    isFetchingNextPage: boolean;
  };
  items: (page: Page) => Item[];
  useRecord?: (id: number, options: { skip: boolean }) => { data?: Item };
}

/** Spec 1 §9: the next page is asked for within 100 px of the list's bottom. */
const NEAR_BOTTOM_PX = 100;

/**
 * Picks one record of a long list (an integration, a prompt, a file list) by typing part of its name: the server
 * searches the whole list and pages come in as the options are scrolled, so a record past the first page can be
 * chosen. Clearing it chooses none. A user the list is refused to (403: the plan's flag is off) sees no picker.
 */
export function RecordPicker<Page, Item extends PickedRecord>(props: {
  id?: string;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  source: RecordSource<Page, Item>;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { source, value } = props;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  // The record just chosen: its name shows at once, though the pages loaded after the search is cleared may not hold it.
  const [picked, setPicked] = useState<PickedRecord | null>(null);
  const searchParam = useDebouncedValue(typed.trim(), 500);
  // Closed, only the first page is read (it names the chosen record in most cases).
  const pages = source.usePages({ searchParam: (open && searchParam) || undefined }, { skip: false });
  const loaded = useMemo(() => flattenPages(pages.data, source.items), [pages.data, source.items]);
  const listed = value === null ? undefined : (loaded.find((record) => record.id === value) ?? (picked?.id === value ? picked : undefined));
  const fetched = source.useRecord?.(value ?? 0, { skip: value === null || Boolean(listed) }).data;
  const chosen: PickedRecord | null = value === null ? null : (listed ?? fetched ?? { id: value, name: `#${value}` });
  const options: PickedRecord[] = chosen && !loaded.some((record) => record.id === chosen.id) ? [chosen, ...loaded] : loaded;

  // The plan or the profile keeps this list from the user (403): nothing to pick, and a chosen record stays as it is.
  const refused = (pages.error as { status?: unknown } | undefined)?.status === 403;
  if (refused && value === null) return null;

  const loadMoreNearBottom = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight > NEAR_BOTTOM_PX) return;
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Autocomplete<PickedRecord>
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTyped('');
      }}
      value={chosen}
      onChange={(_event, record) => {
        setPicked(record);
        props.onChange(record?.id ?? null);
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      options={options}
      // The server searched already; its answer is the list.
      filterOptions={(shown) => shown}
      getOptionLabel={(record) => record.name}
      getOptionKey={(record) => record.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={pages.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noRecords')}
      disabled={props.disabled || refused}
      size="small"
      fullWidth
      slotProps={{ listbox: { onScroll: loadMoreNearBottom } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {pages.isFetching && open ? <CircularProgress size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
