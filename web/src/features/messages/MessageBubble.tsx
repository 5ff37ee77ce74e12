import { alpha, Box, Checkbox, Chip, Stack, Tooltip, Typography } from '@mui/material';
import AccessTime from '@mui/icons-material/AccessTime';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PhoneMissedOutlined from '@mui/icons-material/PhoneMissedOutlined';
import ShortcutOutlined from '@mui/icons-material/ShortcutOutlined';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors';
import type { Message } from './messages.api';
import { groupSender } from './message-rules';
import { MessageOptions, type MessageOptionHandlers } from './MessageOptions';
import { AudioMessage, ContactCardMessage, DocumentMessage, ImageMessage, LocationMessage, VideoMessage } from './media/MessageMedia';
import { parseVCards, type ContactCard } from './vcard';
import { MessageText } from './message-text';

const READ_COLOUR = '#34B7F1';

/** Spec 1 §4: 0 clock, 1 check, 2 double check, 3 or 4 double check in the read colour. */
export function AckMark({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const sx = { fontSize: 16 };
  // titleAccess names the icon for assistive technology (an aria-label alone stays under MUI's aria-hidden).
  const label = t(`messages.ack.${Math.min(Math.max(ack, 0), 4)}`);
  if (ack <= 0) return <AccessTime sx={sx} titleAccess={label} />;
  if (ack === 1) return <Done sx={sx} titleAccess={label} />;
  if (ack === 2) return <DoneAll sx={sx} titleAccess={label} />;
  return <DoneAll sx={{ ...sx, color: READ_COLOUR }} titleAccess={label} />;
}

/** A message whose send failed for good: a red mark whose tooltip and label give the reason (the error's text). */
export function SendFailedMark({ code }: { code: string }) {
  const { t } = useTranslation();
  const label = t('messages.sendFailed', { reason: errorText({ data: { error: code } }) });
  return (
    <Tooltip title={label}>
      <ErrorOutline sx={{ fontSize: 16, color: 'error.main' }} titleAccess={label} />
    </Tooltip>
  );
}

/** A one-line description of a message, for quotes and previews. */
export function MessageSummary({ message }: { message: Message }) {
  const { t } = useTranslation();
  if (message.isDeleted) return <>{t('messages.deleted')}</>;
  if (message.vCard) return <>{t('messages.kinds.contactMessage')}</>;
  if (message.body) return <>{message.body}</>;
  const kind = message.mediaType ?? 'chat';
  return <>{t(`messages.kinds.${kind}`, { defaultValue: t('messages.kinds.others') })}</>;
}

function Quoted({ message, contactName, onJump }: { message: Message; contactName?: string; onJump: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="button"
      type="button"
      onClick={onJump}
      aria-label={t('messages.quote.goTo')}
      sx={{
        all: 'unset',
        display: 'block',
        cursor: 'pointer',
        mb: 0.5,
        px: 1,
        py: 0.5,
        borderLeft: 4,
        borderColor: message.fromMe ? 'primary.main' : 'secondary.main',
        bgcolor: (theme) => alpha(theme.palette.text.primary, 0.06),
        borderRadius: 1,
        maxWidth: '100%',
        boxSizing: 'border-box',
      }}
    >
      <Typography variant="caption" fontWeight={600} color={message.fromMe ? 'primary' : 'secondary'}>
        {message.fromMe ? t('messages.quote.you') : (groupSender(message) ?? contactName ?? t('messages.quote.contact'))}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        <MessageSummary message={message} />
      </Typography>
    </Box>
  );
}

function Reactions({ reactions, onRemoveOwn }: { reactions: Message[]; onRemoveOwn?: () => void }) {
  const { t } = useTranslation();
  const counts = new Map<string, { count: number; own: boolean }>();
  for (const reaction of reactions) {
    const entry = counts.get(reaction.body) ?? { count: 0, own: false };
    counts.set(reaction.body, { count: entry.count + 1, own: entry.own || reaction.fromMe });
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: -0.5, mb: 0.5, px: 1 }} aria-label={t('messages.reactions')}>
      {[...counts].map(([emoji, { count, own }]) => (
        <Chip
          key={emoji}
          size="small"
          label={count > 1 ? `${emoji} ${count}` : emoji}
          variant={own ? 'filled' : 'outlined'}
          onClick={own && onRemoveOwn ? onRemoveOwn : undefined}
          title={own ? t('messages.removeReaction') : undefined}
          sx={{ bgcolor: 'background.paper' }}
        />
      ))}
    </Stack>
  );
}

function Body({ message, onOpenImage, onTalkTo, talking }: BubbleProps & { onTalkTo: (card: ContactCard) => void }) {
  const cards = message.vCard ? parseVCards(message.vCard) : [];
  if (cards.length) return <ContactCardMessage cards={cards} onTalkTo={onTalkTo} busy={Boolean(talking)} />;
  const media = message.mediaUrl;
  const caption = message.body && !(media && message.body === media.split('/').pop()) ? message.body : '';
  const text = caption ? (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <MessageText text={caption} />
    </Typography>
  ) : null;
  if (message.mediaType === 'locationMessage') return <LocationMessage body={message.body} />;
  if (!media) return text;
  const kind = message.mediaType;
  return (
    <>
      {kind === 'image' ? <ImageMessage mediaUrl={media} onOpen={() => onOpenImage(message.id)} /> : null}
      {kind === 'audio' ? <AudioMessage mediaUrl={media} /> : null}
      {kind === 'video' ? <VideoMessage mediaUrl={media} /> : null}
      {kind !== 'image' && kind !== 'audio' && kind !== 'video' ? <DocumentMessage mediaUrl={media} /> : null}
      {kind === 'audio' ? null : text}
    </>
  );
}

export interface BubbleProps {
  message: Message;
  reactions: Message[];
  isGroup: boolean;
  /** The ticket's contact, named in quotes of their messages. */
  contactName?: string;
  options: MessageOptionHandlers;
  onRemoveReaction?: () => void;
  onOpenImage: (messageId: number) => void;
  onJumpTo: (messageId: number) => void;
  onTalkToCard: (card: ContactCard) => void;
  talking?: boolean;
  selecting: boolean;
  selected: boolean;
  onToggleSelect: () => void;
}

/** One message of the conversation (spec 1 §2, §3, §8). */
export function MessageBubble(props: BubbleProps) {
  const { t } = useTranslation();
  const { message } = props;
  const time = format(new Date(message.createdAt), 'HH:mm');

  if (message.mediaType === 'call_log') {
    return (
      <Stack id={`message-${message.id}`} direction="row" justifyContent="center" sx={{ my: 1 }}>
        <Chip icon={<PhoneMissedOutlined />} color="error" variant="outlined" label={t('messages.callLog', { time })} />
      </Stack>
    );
  }

  const own = message.fromMe;
  const sender = props.isGroup ? groupSender(message) : null;
  const privateNote = message.isPrivate;
  const editedAt = message.editedAt ?? message.updatedAt;
  return (
    <Stack
      id={`message-${message.id}`}
      direction="row"
      alignItems="center"
      justifyContent={own ? 'flex-end' : 'flex-start'}
      sx={{ px: { xs: 1, sm: 2 }, py: 0.25 }}
      onClick={props.selecting ? props.onToggleSelect : undefined}
    >
      {props.selecting ? (
        <Checkbox
          checked={props.selected}
          disabled={!!message.isDeleted}
          onChange={props.onToggleSelect}
          onClick={(event) => event.stopPropagation()}
          inputProps={{ 'aria-label': t('messages.forward.select') }}
          sx={{ order: own ? 0 : -1 }}
        />
      ) : null}
      <Stack sx={{ maxWidth: { xs: '85%', sm: '70%' }, alignItems: own ? 'flex-end' : 'flex-start' }}>
        <Box
          role="article"
          aria-label={privateNote ? t('messages.privateNote') : own ? t('messages.sent') : t('messages.received')}
          data-private={privateNote ? 'true' : undefined}
          sx={(theme) => ({
            position: 'relative',
            minWidth: 90,
            px: 1.25,
            pt: 0.75,
            pb: 0.5,
            borderRadius: 2,
            borderTopRightRadius: own ? 2 : 8,
            borderTopLeftRadius: own ? 8 : 2,
            boxShadow: 1,
            bgcolor: privateNote
              ? alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.25 : 0.18)
              : own
                ? theme.palette.mode === 'dark'
                  ? '#005c4b'
                  : '#dcf8c6'
                : 'background.paper',
            border: privateNote ? `1px dashed ${theme.palette.warning.main}` : undefined,
            '& .message-options': { opacity: 0, transition: 'opacity .15s' },
            '&:hover .message-options, &:focus-within .message-options': { opacity: 1 },
            '@media (hover: none)': { '& .message-options': { opacity: 1 } },
          })}
        >
          {!props.selecting && !message.isDeleted ? (
            <Box sx={{ position: 'absolute', top: 0, right: 0, zIndex: 1 }}>
              <MessageOptions className="message-options" {...props.options} />
            </Box>
          ) : null}
          {privateNote ? (
            <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'warning.dark', pr: 4 }}>
              <LockOutlined sx={{ fontSize: 14 }} />
              <Typography variant="caption" fontWeight={600}>
                {t('messages.privateNote')}
              </Typography>
            </Stack>
          ) : null}
          {sender ? (
            <Typography variant="caption" fontWeight={600} color="secondary" sx={{ display: 'block', pr: 4 }}>
              {sender}
            </Typography>
          ) : null}
          {message.isForwarded ? (
            <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'text.secondary', pr: 4 }}>
              <ShortcutOutlined sx={{ fontSize: 14 }} />
              <Typography variant="caption" fontStyle="italic">
                {t('messages.forwarded')}
              </Typography>
            </Stack>
          ) : null}
          {message.quotedMsg && !message.isDeleted ? (
            <Quoted message={message.quotedMsg} contactName={props.contactName} onJump={() => props.onJumpTo(message.quotedMsg!.id)} />
          ) : null}
          <Box sx={{ pr: 3 }}>
            {message.isDeleted ? (
              <Typography variant="body2" fontStyle="italic" color="text.secondary">
                {own ? t('messages.deletedOwn') : t('messages.deleted')}
              </Typography>
            ) : (
              <Body {...props} onTalkTo={props.onTalkToCard} />
            )}
          </Box>
          <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="flex-end" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {message.isEdited && !message.isDeleted ? (
              <Typography variant="caption" fontStyle="italic">
                {t('messages.edited', { time: format(new Date(editedAt), 'HH:mm') })}
              </Typography>
            ) : null}
            <Typography variant="caption">{time}</Typography>
            {own && !privateNote ? (
              typeof message.sendError === 'string' ? (
                <SendFailedMark code={message.sendError} />
              ) : (
                <AckMark ack={message.ack} />
              )
            ) : null}
          </Stack>
        </Box>
        {props.reactions.length ? <Reactions reactions={props.reactions} onRemoveOwn={props.onRemoveReaction} /> : null}
      </Stack>
    </Stack>
  );
}
