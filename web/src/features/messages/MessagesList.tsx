import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, alpha, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { isToday, isYesterday, format } from 'date-fns';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { toastError } from '../../app/errors';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import type { ChannelPlugin } from '../connections/connections.api';
import { useInstalledPluginsQuery } from '../plans/plans.api';
import type { Ticket } from '../tickets/tickets.api';
import { composerIntent } from './composer-state';
import { TemplateDialog } from './composer/TemplateDialog';
import { ForwardDialog } from './ForwardDialog';
import { ImageGallery } from './ImageGallery';
import { MessageBubble } from './MessageBubble';
import { canEdit, isContent, isOwn, participantNumber } from './message-rules';
import { useDeleteMessageMutation, useListMessagesInfiniteQuery, useReactToMessageMutation, type Message } from './messages.api';
import { replyWindowClosed } from './reply-window';
import { useTalkTo } from './talk-to';

/** Spec 1 §9: older messages load within 50 px of the top; the list scrolls to the bottom 300 ms after loading. */
const LOAD_OLDER_PX = 50;
const SCROLL_DELAY_MS = 300;

function dayLabel(date: Date, t: (key: string) => string): string {
  if (isToday(date)) return t('messages.today');
  if (isYesterday(date)) return t('messages.yesterday');
  return format(date, 'dd/MM/yyyy');
}

/** The conversation of a ticket, newest at the bottom (spec 1 §2 Message list). */
export function MessagesList({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useListMessagesInfiniteQuery(ticket.id);
  const [react] = useReactToMessageMutation();
  const [remove] = useDeleteMessageMutation();
  const { talkTo, busy: talking } = useTalkTo(ticket);
  const { data: installed } = useInstalledPluginsQuery();
  // The reply window after a received message (spec 1 §2) is the channel's, as its plugin describes it.
  const plugin = ((installed?.channels ?? []) as unknown as ChannelPlugin[]).find((candidate) => candidate.channel === ticket.channel);
  const replyWindowHours = plugin?.description.capabilities?.replyWindowHours;
  const scroller = useRef<HTMLDivElement>(null);
  const [galleryFor, setGalleryFor] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [forwarding, setForwarding] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [choosingTemplate, setChoosingTemplate] = useState(false);

  // Pages come newest first; inside a page messages are oldest first. Reactions hang under their message.
  const { messages, reactions } = useMemo(() => {
    const seen = new Set<number>();
    const list: Message[] = [];
    const byTarget = new Map<number, Message[]>();
    for (const page of [...(data?.pages ?? [])].reverse()) {
      for (const message of page.messages) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        if (message.mediaType === 'reactionMessage') {
          if (!message.isDeleted && message.body && message.quotedMsgId) {
            byTarget.set(message.quotedMsgId, [...(byTarget.get(message.quotedMsgId) ?? []), message]);
          }
        } else list.push(message);
      }
    }
    list.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id);
    return { messages: list, reactions: byTarget };
  }, [data]);

  useEffect(() => {
    setSelecting(false);
    setSelected(new Set());
    composerIntent.clear(ticket.id);
  }, [ticket.id]);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  // The reader at the bottom stays there while media load and messages arrive; one who scrolled up is left alone.
  const pinned = useRef(true);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    if (!element) return;
    const observer = new ResizeObserver(() => pinned.current && scrollToBottom());
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  // First load (after 300 ms) and every new last message: to the bottom.
  const lastId = messages.at(-1)?.id;
  const firstLoadDone = useRef(false);
  useEffect(() => {
    if (lastId === undefined) return;
    pinned.current = true;
    const timer = setTimeout(scrollToBottom, firstLoadDone.current ? 50 : SCROLL_DELAY_MS);
    firstLoadDone.current = true;
    return () => clearTimeout(timer);
  }, [lastId, scrollToBottom]);

  // Keep the reader's place when an older page is put above.
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const pageCount = data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && beforeOlder.current) {
      element.scrollTop = element.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    }
  }, [pageCount]);

  const loadOlder = useCallback(async () => {
    const element = scroller.current;
    if (element) beforeOlder.current = { height: element.scrollHeight, top: element.scrollTop };
    return fetchNextPage();
  }, [fetchNextPage]);

  // A first page too short to scroll could never reach the top threshold: load older pages until it scrolls.
  useEffect(() => {
    const element = scroller.current;
    if (element && hasNextPage && !isFetchingNextPage && element.scrollHeight <= element.clientHeight) void loadOlder();
  }, [pageCount, hasNextPage, isFetchingNextPage, loadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    if (element.scrollTop <= LOAD_OLDER_PX && hasNextPage && !isFetchingNextPage) void loadOlder();
  };

  /** Scrolls to a message, loading older pages until it is there. */
  const jumpTo = useCallback(
    async (id: number) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const element = document.getElementById(`message-${id}`);
        if (element) {
          element.scrollIntoView({ block: 'center', behavior: 'smooth' });
          setHighlight(id);
          setTimeout(() => setHighlight((current) => (current === id ? null : current)), 2000);
          return;
        }
        const result = await loadOlder();
        if (!result.data?.pages.at(-1)?.hasMore && attempt > 0) break;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      toast.info(t('messages.notLoaded'));
    },
    [loadOlder, t],
  );

  const toggleSelected = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handlers = (message: Message) => {
    const content = isContent(message);
    return {
      onReply: content ? () => composerIntent.reply(ticket.id, message) : undefined,
      onReact: content
        ? (emoji: string) => react({ id: message.id, text: emoji, ticketId: ticket.id }).unwrap().catch(toastError)
        : undefined,
      onEdit: canEdit(message, userId) ? () => composerIntent.edit(ticket.id, message) : undefined,
      onDelete: isOwn(message, userId) && !message.isDeleted ? () => setDeleting(message) : undefined,
      onForward: content
        ? () => {
            setSelecting(true);
            setSelected(new Set([message.id]));
          }
        : undefined,
      onTalkTo:
        ticket.isGroup && !message.fromMe && message.participant
          ? () => talkTo({ name: participantNumber(message.participant!), number: participantNumber(message.participant!) })
          : undefined,
    };
  };

  const ownReaction = (message: Message) => reactions.get(message.id)?.find((reaction) => reaction.fromMe);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, position: 'relative' }}>
      {replyWindowHours && replyWindowClosed(messages, replyWindowHours) ? (
        plugin?.templates ? (
          <Alert
            severity="warning"
            sx={{ borderRadius: 0 }}
            action={
              <Button color="inherit" size="small" onClick={() => setChoosingTemplate(true)}>
                {t('messages.templates.choose')}
              </Button>
            }
          >
            {t('messages.replyWindowClosed')}
          </Alert>
        ) : (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            {t('messages.replyWindowClosedUntilContact')}
          </Alert>
        )
      ) : replyWindowHours ? (
        <Alert severity="info" sx={{ borderRadius: 0 }}>
          {t('messages.replyWindow')}
        </Alert>
      ) : null}
      <TemplateDialog ticketId={ticket.id} open={choosingTemplate} onClose={() => setChoosingTemplate(false)} />
      {selecting ? (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          role="toolbar"
          aria-label={t('messages.forward.toolbar')}
          sx={{ px: 2, py: 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography sx={{ flex: 1 }} variant="body2">
            {t('messages.forward.selected', { count: selected.size })}
          </Typography>
          <Button
            onClick={() => {
              setSelecting(false);
              setSelected(new Set());
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => (selected.size ? setForwarding(true) : toast.error(t('messages.forward.notMessage')))}>
            {t('messages.options.forward')}
          </Button>
        </Stack>
      ) : null}
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('messages.listLabel')}
        aria-busy={isLoading || isFetchingNextPage}
        sx={(theme) => ({
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          py: 1,
          bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2',
        })}
      >
        {isFetchingNextPage || isLoading ? (
          <Stack alignItems="center" sx={{ py: 1 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Stack>
        ) : null}
        {isError && !data ? (
          <Typography align="center" color="text.secondary" sx={{ mt: 4 }}>
            {t('messages.loadError')}
          </Typography>
        ) : null}
        {!isLoading && data && messages.length === 0 ? (
          <Stack alignItems="center" justifyContent="center" sx={{ height: '100%' }}>
            <Chip label={t('messages.empty')} sx={{ bgcolor: 'background.paper', py: 2, px: 1, fontSize: 15 }} />
          </Stack>
        ) : null}
        <Box ref={content}>
          {messages.map((message, index) => {
            const date = new Date(message.createdAt);
            const previous = messages[index - 1];
            const newDay = !previous || format(new Date(previous.createdAt), 'yyyy-MM-dd') !== format(date, 'yyyy-MM-dd');
            const mine = ownReaction(message);
            return (
              <Fragment key={message.id}>
                {newDay ? (
                  <Stack alignItems="center" sx={{ my: 1 }} role="separator">
                    <Chip size="small" label={dayLabel(date, t)} sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
                  </Stack>
                ) : null}
                <Box
                  sx={(theme) => ({
                    transition: 'background-color .5s',
                    bgcolor: highlight === message.id ? alpha(theme.palette.primary.main, 0.2) : undefined,
                  })}
                >
                  <MessageBubble
                    message={message}
                    reactions={reactions.get(message.id) ?? []}
                    isGroup={ticket.isGroup}
                    contactName={ticket.contact?.name}
                    options={handlers(message)}
                    onRemoveReaction={
                      mine ? () => react({ id: message.id, text: '', ticketId: ticket.id }).unwrap().catch(toastError) : undefined
                    }
                    onOpenImage={setGalleryFor}
                    onJumpTo={jumpTo}
                    onTalkToCard={talkTo}
                    talking={talking}
                    selecting={selecting}
                    selected={selected.has(message.id)}
                    onToggleSelect={() => toggleSelected(message.id)}
                  />
                </Box>
              </Fragment>
            );
          })}
        </Box>
      </Box>
      <ImageGallery
        ticketId={ticket.id}
        messageId={galleryFor}
        onClose={() => setGalleryFor(null)}
        onGoToMessage={(id) => {
          setGalleryFor(null);
          void jumpTo(id);
        }}
      />
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('messages.deleteConfirm.title')}
        confirmLabel={t('common.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove({ id: deleting.id, ticketId: ticket.id }).unwrap().catch(toastError)}
      >
        {t('messages.deleteConfirm.message')}
      </ConfirmationModal>
      <ForwardDialog
        open={forwarding}
        messages={messages.filter((message) => selected.has(message.id))}
        onClose={() => setForwarding(false)}
        onDone={() => {
          setForwarding(false);
          setSelecting(false);
          setSelected(new Set());
        }}
      />
    </Box>
  );
}
