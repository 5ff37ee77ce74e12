import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { format, isToday, parseISO } from 'date-fns';
import { Box, Chip, CircularProgress, IconButton, LinearProgress, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import type { ChatMessage } from '@switchboard/sdk/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uploadForm } from '../../app/upload';
import { ChatMedia } from './ChatMedia';
import { chronological, unreadsOf } from './chat-cache';
import {
  useChatMessagesInfiniteQuery,
  useChatQuery,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
  writeSentMessages,
  type Chat,
} from './chats.api';
import { useChatScroll } from './use-chat-scroll';

function shownTime(value: string): string {
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, isToday(date) ? 'HH:mm' : 'dd/MM/yyyy HH:mm');
}

/**
 * One chat, /chats/:uuid (spec 3 §2.9): its title and members, its messages newest at the bottom with older pages
 * loaded near the top, and a composer for text and files. Opening it, and each message that arrives while it is
 * open, reads it (POST /chats/:id/read). A chat that cannot be read (gone, or not the user's) returns to /chats;
 * load errors are only logged (spec 3 §8).
 */
export function ChatConversation({ uuid }: { uuid: string }) {
  const navigate = useNavigate();
  const { data: chat, error } = useChatQuery(uuid);

  useEffect(() => {
    if (!error) return;
    console.error('Erro ao carregar o chat', error);
    navigate('/chats', { replace: true });
  }, [error, navigate]);

  if (!chat) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
        <CircularProgress />
      </Box>
    );
  }
  return <OpenChat chat={chat} />;
}

function OpenChat({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.auth.user?.id);
  const [markRead] = useMarkChatReadMutation();
  const pages = useChatMessagesInfiniteQuery(chat.id);
  const messages = useMemo(() => chronological(pages.data), [pages.data]);
  const last = messages.at(-1);

  // Read on opening and whenever a message raises the user's count while they look at it.
  const unread = unreadsOf(chat, me);
  useEffect(() => {
    if (unread > 0)
      markRead(chat.id)
        .unwrap()
        .catch((failure) => console.error('Erro ao marcar o chat como lido', failure));
  }, [chat.id, unread, markRead]);

  const { scroller, onScroll } = useChatScroll({
    lastKey: last?.id,
    lastIsOwn: last?.senderId === me,
    pageCount: pages.data?.pages.length ?? 0,
    hasOlder: Boolean(pages.hasNextPage),
    loadingOlder: pages.isFetchingNextPage,
    loadOlder: pages.fetchNextPage,
  });

  const members = chat.users.map((member) => (member.userId === me ? t('chats.you') : member.user.name)).join(', ');

  return (
    <Paper variant="outlined" square sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {t('chats.members', { names: members })}
        </Typography>
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {/* Over the messages, not above them: the reader's place does not move while an older page loads. */}
        {pages.isFetchingNextPage ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} /> : null}
        <Box
          ref={scroller}
          onScroll={onScroll}
          role="log"
          aria-label={chat.title}
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', bgcolor: 'action.hover', px: { xs: 1, sm: 2 }, py: 1 }}
        >
          <Stack spacing={1}>
            {pages.isLoading ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
                <CircularProgress size={20} />
              </Box>
            ) : null}
            {!pages.isLoading && messages.length === 0 ? (
              <Typography color="text.secondary" textAlign="center" sx={{ py: 4 }}>
                {t('chats.noMessages')}
              </Typography>
            ) : null}
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} own={message.senderId === me} />
            ))}
          </Stack>
        </Box>
      </Box>
      <Composer chatId={chat.id} />
    </Paper>
  );
}

function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }} data-testid="chat-message">
      <Paper
        elevation={0}
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: { xs: '85%', sm: '70%' },
          bgcolor: own ? 'primary.main' : 'background.paper',
          color: own ? 'primary.contrastText' : 'text.primary',
          borderRadius: 2,
        }}
      >
        {own ? null : (
          <Typography variant="caption" component="p" sx={{ fontWeight: 600, color: 'secondary.main' }}>
            {message.sender?.name ?? ''}
          </Typography>
        )}
        {message.mediaPath ? <ChatMedia message={message} /> : null}
        {message.message ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.message}
          </Typography>
        ) : null}
        <Typography variant="caption" component="p" sx={{ textAlign: 'right', opacity: 0.7 }}>
          {shownTime(message.createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
}

/** The text box, the files chosen (sent with their progress, the text with the first) and the send button. */
function Composer({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [sendText] = useSendChatMessageMutation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const sending = progress !== null;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || (!text.trim() && files.length === 0)) return;
    setProgress(0);
    try {
      if (files.length > 0) {
        const answer = await uploadForm<{ records: ChatMessage[] }>({
          url: `/chats/${chatId}/messages`,
          dispatch,
          onProgress: setProgress,
          form: () => {
            const form = new FormData();
            form.append('body', text);
            for (const file of files) form.append('medias', file, file.name);
            return form;
          },
        });
        dispatch(writeSentMessages(chatId, answer.records));
      } else {
        await sendText({ chatId, message: text }).unwrap();
      }
      setText('');
      setFiles([]);
    } catch (failure) {
      // Spec 3 §8: chat errors are only logged; what was typed stays to try again.
      console.error('Erro ao enviar a mensagem', failure);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box component="form" onSubmit={send} sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      {sending ? (
        <LinearProgress variant="determinate" value={progress} aria-label={t('chats.composer.sending', { percent: progress })} />
      ) : null}
      {files.length > 0 ? (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${index}`}
              label={file.name}
              size="small"
              onDelete={() => setFiles((current) => current.filter((_, at) => at !== index))}
            />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles((current) => [...current, ...chosen]);
            event.target.value = '';
          }}
        />
        <Tooltip title={t('chats.composer.attach')}>
          <IconButton aria-label={t('chats.composer.attach')} onClick={() => picker.current?.click()} disabled={sending}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          placeholder={t('chats.composer.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('chats.composer.placeholder') } }}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          disabled={sending}
        />
        <Tooltip title={t('chats.composer.send')}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={t('chats.composer.send')}
              disabled={sending || (!text.trim() && files.length === 0)}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}
