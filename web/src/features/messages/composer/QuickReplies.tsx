import { useEffect, useMemo } from 'react';
import { CircularProgress, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { useListAllQuickMessagesQuery, type QuickMessage } from '../../quick-messages/quick-messages.api';

/** Spec 1 §5: the label preview is 35 characters. */
const LABEL_LENGTH = 35;

export function quickReplyLabel(quick: QuickMessage): string {
  const label = `${quick.shortcode} - ${quick.message ?? ''}`;
  return label.length > LABEL_LENGTH ? `${label.slice(0, LABEL_LENGTH)}...` : label;
}

/** The quick replies whose shortcode matches what follows the leading '/'. */
export function useQuickReplyMatches(text: string): { matches: QuickMessage[]; open: boolean; loading: boolean } {
  const open = text.startsWith('/');
  const { data, isFetching } = useListAllQuickMessagesQuery(undefined, { skip: !open });
  const search = open ? text.slice(1).toLowerCase() : '';
  const matches = useMemo(() => (data ?? []).filter((quick) => quick.shortcode.toLowerCase().includes(search)), [data, search]);
  return { matches, open, loading: isFetching && !data };
}

export function QuickReplies(props: {
  matches: QuickMessage[];
  loading: boolean;
  active: number;
  onChoose: (quick: QuickMessage) => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.getElementById(`quick-reply-${props.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [props.active]);
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}
    >
      {props.loading ? <CircularProgress size={20} sx={{ m: 2 }} /> : null}
      {!props.loading && !props.matches.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {t('messages.input.noQuickReplies')}
        </Typography>
      ) : null}
      <List dense role="listbox" aria-label={t('messages.input.quickReplies')}>
        {props.matches.map((quick, index) => (
          <ListItemButton
            key={quick.id}
            id={`quick-reply-${index}`}
            role="option"
            aria-selected={index === props.active}
            selected={index === props.active}
            // Keeps the focus in the text area.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => props.onChoose(quick)}
          >
            <ListItemText primary={quickReplyLabel(quick)} />
            {quick.mediaPath ? <AttachFile fontSize="small" color="action" /> : null}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
