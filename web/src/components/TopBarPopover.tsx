import { useState, type ReactNode } from 'react';
import { Badge, Box, CircularProgress, IconButton, List, Popover, Tooltip, Typography, type BadgeProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A top-bar button with a count that opens a list under it (spec 1 §2: the ticket bell, the announcements): a title,
 * a spinner while loading, the empty text, else the items. `items` gets `close` for an item that leads elsewhere.
 */
export function TopBarPopover(props: {
  icon: ReactNode;
  title: string;
  /** The button's accessible name (it usually says the count). */
  label: string;
  count: number;
  badgeColor: BadgeProps['color'];
  width: number;
  maxHeight: number;
  loading: boolean;
  empty: string;
  items: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={props.title}>
        <IconButton color="inherit" aria-label={props.label} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={props.count} color={props.badgeColor} max={99}>
            {props.icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: props.maxHeight, width: props.width, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          {props.title}
        </Typography>
        {props.loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : props.count === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {props.empty}
          </Typography>
        ) : (
          <List dense aria-label={props.title}>
            {props.items(close)}
          </List>
        )}
      </Popover>
    </>
  );
}
