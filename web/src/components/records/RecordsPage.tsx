import type { ReactNode } from 'react';
import { Box, CircularProgress, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

/**
 * The frame of a records page (contacts, quick replies, tags, schedules): a title with its actions, a search
 * box, and a paper holding the list that scrolls on its own so the infinite scroll has a container.
 */
export function RecordsPage(props: {
  title: string;
  /** h2 when the page is a tab of another screen that has the h1. */
  titleComponent?: 'h1' | 'h2';
  count?: number;
  search?: { value: string; onChange: (value: string) => void; label: string };
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component={props.titleComponent ?? 'h1'} sx={{ flexGrow: 1, fontWeight: 600 }}>
          {props.title}
          {props.count !== undefined ? (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
              ({props.count})
            </Typography>
          ) : null}
        </Typography>
        {props.search ? (
          <TextField
            size="small"
            type="search"
            value={props.search.value}
            onChange={(event) => props.search!.onChange(event.target.value)}
            placeholder={props.search.label}
            sx={{ width: { xs: '100%', sm: 280 }, order: { xs: 3, sm: 0 } }}
            slotProps={{
              htmlInput: { 'aria-label': props.search.label },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        ) : null}
        {props.actions}
      </Box>
      {props.filters}
      <Paper variant="outlined" sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}>
        {props.children}
      </Paper>
    </Box>
  );
}

/** First load spinner, or the empty state when a list has no records. */
export function ListStatus(props: { loading: boolean; empty: boolean; title: string; message?: string }) {
  if (props.loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }} role="progressbar" aria-busy="true">
        <CircularProgress />
      </Box>
    );
  }
  if (!props.empty) return null;
  return (
    <Box sx={{ textAlign: 'center', p: 4, color: 'text.secondary' }}>
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {props.title}
      </Typography>
      {props.message ? <Typography variant="body2">{props.message}</Typography> : null}
    </Box>
  );
}
