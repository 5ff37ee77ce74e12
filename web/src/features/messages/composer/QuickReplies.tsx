import { Fragment, useEffect, useMemo } from 'react';
import { CircularProgress, List, ListItemButton, ListItemText, ListSubheader, Paper, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { useListAllQuickMessagesQuery, useQuickMessageCategoriesQuery, type QuickMessage } from '../../quick-messages/quick-messages.api';
import { groupQuickReplies, type QuickReplyGroup } from './quick-reply-groups';

/** Spec 1 §5: the label preview is 35 characters. */
const LABEL_LENGTH = 35;

export function quickReplyLabel(quick: QuickMessage): string {
  const label = `${quick.shortcode} - ${quick.message ?? ''}`;
  return label.length > LABEL_LENGTH ? `${label.slice(0, LABEL_LENGTH)}...` : label;
}

/**
 * The quick replies whose shortcode matches what follows the leading '/', grouped by category; `matches` is every
 * reply of the groups in the order shown, which the arrow keys walk.
 */
export function useQuickReplyMatches(text: string): {
  matches: QuickMessage[];
  groups: QuickReplyGroup[];
  open: boolean;
  loading: boolean;
} {
  const open = text.startsWith('/');
  const { data, isError: repliesFailed } = useListAllQuickMessagesQuery(undefined, { skip: !open });
  const { data: categories, isError: categoriesFailed } = useQuickMessageCategoriesQuery(undefined, { skip: !open });
  const search = open ? text.slice(1).toLowerCase() : '';
  // The replies wait for their categories (unless those cannot be read), so the list never regroups under the pointer.
  const loading = open && ((!data && !repliesFailed) || (!categories && !categoriesFailed));
  const groups = useMemo(
    () =>
      loading
        ? []
        : groupQuickReplies(
            (data ?? []).filter((quick) => quick.shortcode.toLowerCase().includes(search)),
            categories ?? [],
          ),
    [loading, data, categories, search],
  );
  const matches = useMemo(() => groups.flatMap((group) => group.replies), [groups]);
  return { matches, groups, open, loading };
}

export function QuickReplies(props: {
  groups: QuickReplyGroup[];
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
      {!props.loading && !props.groups.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {t('messages.input.noQuickReplies')}
        </Typography>
      ) : null}
      <List dense role="listbox" aria-label={t('messages.input.quickReplies')}>
        {props.groups.map((group, groupIndex) => {
          // Each reply's place in the whole list, which `active` counts.
          const first = props.groups.slice(0, groupIndex).reduce((total, previous) => total + previous.replies.length, 0);
          // One group without a category needs no heading.
          const heading = props.groups.length > 1 || group.category !== null;
          return (
            <Fragment key={group.category ?? ''}>
              {heading ? (
                <ListSubheader sx={{ lineHeight: '32px' }}>{group.category ?? t('messages.input.noQuickReplyCategory')}</ListSubheader>
              ) : null}
              {group.replies.map((quick, offset) => {
                const index = first + offset;
                return (
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
                );
              })}
            </Fragment>
          );
        })}
      </List>
    </Paper>
  );
}
