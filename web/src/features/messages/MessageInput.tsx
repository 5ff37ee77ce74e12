import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  alpha,
  Box,
  CircularProgress,
  IconButton,
  InputBase,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Popover,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import ContactPageOutlined from '@mui/icons-material/ContactPageOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MicNone from '@mui/icons-material/MicNone';
import MoreVert from '@mui/icons-material/MoreVert';
import MoodOutlined from '@mui/icons-material/MoodOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import Send from '@mui/icons-material/Send';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import type { Contact } from '../contacts/contacts.api';
import type { QuickMessage } from '../quick-messages/quick-messages.api';
import type { Ticket } from '../tickets/tickets.api';
import { composerIntent, useComposerIntent } from './composer-state';
import { AttachmentsDialog } from './composer/AttachmentsDialog';
import { CameraDialog } from './composer/CameraDialog';
import { QuickReplies, useQuickReplyMatches } from './composer/QuickReplies';
import { SendContactDialog } from './composer/SendContactDialog';
import { useAudioRecorder } from './composer/use-audio-recorder';
import { MessageSummary } from './MessageBubble';
import { fetchMediaBlob, mediaFileName } from './media/use-media-blob';
import { useEditMessageMutation, useSendMessageMutation, type SendMessageInput } from './messages.api';
import { buildVCard } from './vcard';
import { splitSignature } from './message-rules';

const EmojiPicker = lazy(() => import('./EmojiPicker'));
/** Spec 1 §9: the composer grows to 5 rows. */
const MAX_ROWS = 5;

function clock(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The composer of a ticket (spec 1 §2 Composer), enabled only for open and group tickets (spec 1 §4). */
export function MessageInput({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const enabled = ticket.status === 'open' || ticket.status === 'group';
  const { replyTo, editing } = useComposerIntent(ticket.id);
  const userName = useAppSelector((state) => state.auth.user?.name);
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [dialog, setDialog] = useState<'camera' | 'contact' | null>(null);
  const [busy, setBusy] = useState(false);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [activeQuick, setActiveQuick] = useState(0);
  const [quickDismissed, setQuickDismissed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [send] = useSendMessageMutation();
  const [edit] = useEditMessageMutation();

  const quick = useQuickReplyMatches(enabled && !editing && !quickDismissed ? text : '');

  // A new ticket starts with an empty composer; an edit starts from the message's text.
  useEffect(() => {
    setText('');
    setPrivate(false);
    setFiles([]);
  }, [ticket.id]);
  // Core signs agents' texts with "*Name:*" (sendSignMessage): the agent edits the text, the signature stays.
  const signature = editing ? splitSignature(editing.body, userName).signature : '';
  useEffect(() => {
    if (editing) setText(splitSignature(editing.body, userName).text);
    if (editing || replyTo) input.current?.focus();
  }, [editing, replyTo, userName]);
  useEffect(() => {
    setActiveQuick(0);
    if (!text.startsWith('/')) setQuickDismissed(false);
  }, [text]);

  const deliver = async (message: Omit<SendMessageInput, 'ticketId' | 'isPrivate' | 'quotedMsg'>) => {
    await send({ ticketId: ticket.id, isPrivate, quotedMsg: replyTo?.id, ...message }).unwrap();
    composerIntent.clear(ticket.id);
    // A private note is one message: the next one goes to the contact unless the agent asks again.
    setPrivate(false);
  };

  const submit = async () => {
    const body = text.trim();
    if (!enabled || busy || !body) return;
    setBusy(true);
    // Cleared at once, so what the agent types while the message travels is not wiped when it lands; a failed
    // send gives the text back unless something new was typed.
    if (!editing) setText('');
    try {
      if (editing) {
        await edit({ id: editing.id, body: signature + body, ticketId: ticket.id }).unwrap();
        composerIntent.clear(ticket.id);
        setText('');
      } else {
        await deliver({ body });
      }
    } catch (error) {
      if (!editing) setText((typed) => (typed === '' ? text : typed));
      toastError(error);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const sendFiles = async (chosen: File[], caption: string) => {
    setBusy(true);
    try {
      await deliver({ body: caption.trim(), medias: chosen });
      setFiles([]);
      setDialog(null);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const chooseQuick = async (chosen: QuickMessage) => {
    setQuickDismissed(true);
    if (!chosen.mediaPath) {
      setText(chosen.message ?? '');
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const blob = await fetchMediaBlob(chosen.mediaPath);
      const name = chosen.mediaName || mediaFileName(chosen.mediaPath);
      await deliver({ body: chosen.message ?? '', medias: [new File([blob], name, { type: blob.type })] });
      setText('');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const sendContact = async (contact: Contact) => {
    setBusy(true);
    try {
      await deliver({ body: '', vCard: buildVCard({ name: contact.name, number: contact.number }) });
      setDialog(null);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const recorder = useAudioRecorder({
    onRecorded: async (file) => {
      try {
        await deliver({ body: '', medias: [file] });
      } catch (error) {
        toastError(error);
      }
    },
    onTooShort: () => toast.info(t('messages.audio.tooShort')),
    onError: toastError,
  });

  const quickOpen = quick.open && !busy;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quickOpen && quick.matches.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveQuick((value) => (value + step + quick.matches.length) % quick.matches.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        void chooseQuick(quick.matches[activeQuick] ?? quick.matches[0]);
        return;
      }
    }
    if (event.key === 'Escape') {
      if (quickOpen) setQuickDismissed(true);
      else if (editing || replyTo) {
        composerIntent.clear(ticket.id);
        if (editing) setText('');
      }
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length && enabled && !editing) {
      event.preventDefault();
      setFiles(pasted);
    }
  };

  const insertEmoji = (emoji: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const recording = recorder.state !== 'idle';
  const disabled = !enabled || busy || recording;
  const extraActions = [
    { key: 'attach', icon: <AttachFile />, onClick: () => fileInput.current?.click(), hidden: Boolean(editing) },
    { key: 'camera', icon: <CameraAltOutlined />, onClick: () => setDialog('camera'), hidden: Boolean(editing) },
    { key: 'contact', icon: <ContactPageOutlined />, onClick: () => setDialog('contact'), hidden: Boolean(editing) },
  ].filter((action) => !action.hidden);
  const privateToggle = (
    <Tooltip title={t('messages.input.private')}>
      <span>
        <IconButton
          aria-label={t('messages.input.private')}
          aria-pressed={isPrivate}
          color={isPrivate ? 'warning' : 'default'}
          onClick={() => setPrivate((value) => !value)}
          disabled={disabled || Boolean(editing)}
        >
          <LockOutlined />
        </IconButton>
      </span>
    </Tooltip>
  );

  const banner = editing ?? replyTo;
  return (
    <Box
      component="section"
      aria-label={t('messages.input.label')}
      sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 1, py: 0.75 }}
    >
      {quickOpen ? (
        <QuickReplies groups={quick.groups} loading={quick.loading} active={activeQuick} onChoose={(chosen) => void chooseQuick(chosen)} />
      ) : null}
      {banner ? (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          sx={{
            mb: 0.75,
            px: 1,
            py: 0.5,
            borderLeft: 4,
            borderColor: editing ? 'warning.main' : 'primary.main',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {editing ? <EditOutlined fontSize="small" color="warning" /> : <ReplyOutlined fontSize="small" color="primary" />}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" fontWeight={600}>
              {editing ? t('messages.input.editing') : t('messages.input.replyingTo')}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              <MessageSummary message={banner} />
            </Typography>
          </Box>
          <IconButton
            size="small"
            aria-label={editing ? t('messages.input.cancelEdit') : t('messages.input.cancelReply')}
            onClick={() => {
              composerIntent.clear(ticket.id);
              if (editing) setText('');
            }}
          >
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      ) : null}
      <Stack direction="row" alignItems="flex-end" spacing={0.5}>
        {recording ? (
          <Stack direction="row" alignItems="center" spacing={1} sx={{ flex: 1, minHeight: 48, px: 1 }} role="status">
            {recorder.state === 'recording' ? (
              <>
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main' }} />
                <Typography sx={{ flex: 1 }}>{t('messages.audio.recording', { time: clock(recorder.seconds) })}</Typography>
                <IconButton aria-label={t('messages.audio.cancel')} onClick={recorder.cancel}>
                  <DeleteOutline />
                </IconButton>
                <IconButton aria-label={t('messages.audio.send')} color="primary" onClick={recorder.stop}>
                  <CheckCircle />
                </IconButton>
              </>
            ) : (
              <>
                <CircularProgress size={20} />
                <Typography>{t('messages.audio.sending')}</Typography>
              </>
            )}
          </Stack>
        ) : (
          <>
            <Tooltip title={t('messages.input.emoji')}>
              <span>
                <IconButton
                  aria-label={t('messages.input.emoji')}
                  onClick={(event) => setEmojiAnchor(event.currentTarget)}
                  disabled={disabled}
                >
                  <MoodOutlined />
                </IconButton>
              </span>
            </Tooltip>
            {narrow ? (
              <>
                <IconButton
                  aria-label={t('messages.input.more')}
                  onClick={(event) => setMoreAnchor(event.currentTarget)}
                  disabled={disabled}
                >
                  <MoreVert />
                </IconButton>
                <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)}>
                  {extraActions.map((action) => (
                    <MenuItem
                      key={action.key}
                      onClick={() => {
                        setMoreAnchor(null);
                        action.onClick();
                      }}
                    >
                      <ListItemIcon>{action.icon}</ListItemIcon>
                      <ListItemText>{t(`messages.input.${action.key}`)}</ListItemText>
                    </MenuItem>
                  ))}
                </Menu>
              </>
            ) : (
              extraActions.map((action) => (
                <Tooltip key={action.key} title={t(`messages.input.${action.key}`)}>
                  <span>
                    <IconButton aria-label={t(`messages.input.${action.key}`)} onClick={action.onClick} disabled={disabled}>
                      {action.icon}
                    </IconButton>
                  </span>
                </Tooltip>
              ))
            )}
            {privateToggle}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <InputBase
                fullWidth
                inputRef={input}
                multiline
                maxRows={MAX_ROWS}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                disabled={!enabled || recording}
                placeholder={
                  !enabled
                    ? t('messages.input.closed')
                    : isPrivate
                      ? t('messages.input.privatePlaceholder')
                      : narrow
                        ? t('messages.input.placeholderShort')
                        : t('messages.input.placeholder')
                }
                inputProps={{ 'aria-label': t('messages.input.text') }}
                sx={(themed) => ({
                  px: 1.5,
                  py: 1,
                  borderRadius: 3,
                  bgcolor: isPrivate ? alpha(themed.palette.warning.main, 0.15) : 'action.hover',
                  border: isPrivate ? `1px dashed ${themed.palette.warning.main}` : '1px solid transparent',
                })}
              />
            </Box>
            {text.trim() || editing ? (
              <IconButton
                aria-label={editing ? t('messages.input.saveEdit') : t('messages.input.send')}
                color="primary"
                onClick={submit}
                disabled={disabled}
              >
                {busy ? <CircularProgress size={22} /> : editing ? <CheckCircle /> : <Send />}
              </IconButton>
            ) : (
              <Tooltip title={t('messages.audio.record')}>
                <span>
                  <IconButton aria-label={t('messages.audio.record')} onClick={() => void recorder.start()} disabled={disabled}>
                    {busy ? <CircularProgress size={22} /> : <MicNone />}
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </>
        )}
      </Stack>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label={t('messages.input.attach')}
        onChange={(event) => {
          setFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Popover
        open={Boolean(emojiAnchor)}
        anchorEl={emojiAnchor}
        onClose={() => setEmojiAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
          <EmojiPicker onPick={insertEmoji} />
        </Suspense>
      </Popover>
      <AttachmentsDialog
        files={files}
        sending={busy}
        onRemove={(index) => setFiles((current) => current.filter((_file, position) => position !== index))}
        onCancel={() => setFiles([])}
        onSend={(caption) => void sendFiles(files, caption)}
      />
      <CameraDialog
        open={dialog === 'camera'}
        sending={busy}
        onClose={() => setDialog(null)}
        onSend={(file) => void sendFiles([file], '')}
      />
      <SendContactDialog
        open={dialog === 'contact'}
        sending={busy}
        onClose={() => setDialog(null)}
        onSend={(contact) => void sendContact(contact)}
      />
    </Box>
  );
}
