import { io, type Socket } from 'socket.io-client';
import './widget.css';
import {
  COLOR,
  EMAIL,
  MAX_BODY_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_MEDIA_BYTES,
  MAX_NAME_LENGTH,
  type TranscriptMessageView,
  type WidgetFrameMessage,
  type WidgetPageConfig,
} from '../../src/widget-contract.js';
import { h, icon } from './dom.js';
import { MessageList } from './message-list.js';
import { messageIdOf, newClientId, Outbox, type OutgoingState } from './outbox.js';
import { WidgetApi, WidgetApiError, type OutgoingMessage, type SentMessage } from './widget-api.js';
import { browserLanguages, widgetLanguage, widgetTexts } from './widget-texts.js';
import { renderWhatsAppFormat } from './whatsapp-format.js';

// The chat page (served at /widget/<public id>): the start form, then the conversation, live over the /widget socket.

const PAPERCLIP =
  'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z';

interface TranscriptPage {
  messages: TranscriptMessageView[];
  hasMore: boolean;
}

const config = JSON.parse(document.getElementById('wc-config')?.textContent ?? '{}') as WidgetPageConfig;
const language = widgetLanguage(browserLanguages());
const t = widgetTexts(language);
const embedded = new URLSearchParams(location.search).has('embedded');
const title = config.title || t.defaultTitle;
document.documentElement.lang = language;
document.title = title;
if (COLOR.test(config.color ?? '')) document.documentElement.style.setProperty('--wc-primary', config.color);

const root = document.getElementById('wc-root')!;
const status = h('div', { id: 'wc-status', attrs: { 'aria-live': 'polite' } });
const header = h('header', {}, h('div', { className: 'wc-heading' }, h('h1', { id: 'wc-title', textContent: title }), status));
if (embedded) {
  const close = h('button', { id: 'wc-close', type: 'button', className: 'wc-close', title: t.close, textContent: '×' });
  close.setAttribute('aria-label', t.close);
  close.addEventListener('click', () => tellLauncher({ source: 'switchboard-widget', type: 'close' }));
  header.append(close);
}
const main = h('main');
root.append(header, main);

function tellLauncher(message: WidgetFrameMessage): void {
  if (embedded && window.parent !== window) window.parent.postMessage(message, '*');
}

if (!config.widgetId) main.append(h('p', { className: 'wc-not-found', textContent: t.notFound }));
else startWidget(config.widgetId);

function startWidget(widgetId: string): void {
  const api = new WidgetApi(config.base);
  const storageKey = `switchboard-webchat:${widgetId}`;
  let socket: Socket | undefined;
  let pagesLoaded = 0;
  let typingTimer: number | undefined;
  let lastTyping = 0;
  const unreadAcks = new Set<string>();

  // The start form, with the welcome text above it.
  const nameError = h('div', { id: 'wc-name-error', className: 'wc-error', attrs: { role: 'alert' } });
  const emailError = h('div', { id: 'wc-email-error', className: 'wc-error', attrs: { role: 'alert' } });
  const startError = h('div', { id: 'wc-start-error', className: 'wc-error', attrs: { role: 'alert' } });
  const nameInput = h('input', { id: 'wc-name', type: 'text', maxLength: MAX_NAME_LENGTH, autocomplete: 'name', required: true });
  const emailInput = h('input', { id: 'wc-email', type: 'email', maxLength: MAX_EMAIL_LENGTH, autocomplete: 'email' });
  emailInput.required = config.requireEmail;
  nameInput.setAttribute('aria-describedby', nameError.id);
  emailInput.setAttribute('aria-describedby', emailError.id);
  const startButton = h('button', { id: 'wc-start', type: 'submit', textContent: t.start });
  const startForm = h(
    'form',
    { id: 'wc-start-form', className: 'wc-start', noValidate: true, hidden: true },
    ...(config.welcome ? [h('p', { className: 'wc-welcome' }, renderWhatsAppFormat(config.welcome))] : []),
    h('label', {}, h('span', { textContent: `${t.name} *` }), nameInput),
    nameError,
    h('label', {}, h('span', { textContent: config.requireEmail ? `${t.email} *` : `${t.email} ${t.optional}` }), emailInput),
    emailError,
    startError,
    startButton,
  );

  // The conversation.
  const messages = h('ul', { id: 'wc-messages', attrs: { 'aria-live': 'polite' } });
  const typing = h('div', { id: 'wc-typing', attrs: { 'aria-live': 'polite' } });
  const fileName = h('div', { id: 'wc-file-name' });
  const sendError = h('div', { id: 'wc-send-error', className: 'wc-error', attrs: { role: 'alert' } });
  const fileInput = h('input', { id: 'wc-file', type: 'file' });
  const input = h('textarea', { id: 'wc-input', maxLength: MAX_BODY_LENGTH, placeholder: t.placeholder });
  input.setAttribute('aria-label', t.message);
  const sendButton = h('button', { id: 'wc-send', type: 'submit', textContent: t.send });
  const attach = h('label', { className: 'wc-attach', title: t.attach }, icon(PAPERCLIP, 20), fileInput);
  fileInput.setAttribute('aria-label', t.attach);
  const compose = h('form', { id: 'wc-compose', className: 'wc-compose', noValidate: true }, attach, input, sendButton);
  const chat = h('section', { id: 'wc-chat', hidden: true }, messages, typing, fileName, sendError, compose);
  main.append(startForm, chat);

  const list = new MessageList(messages, fill);
  const outbox = new Outbox({
    send: (message) => api.sendMessage(message),
    onState: (message, state) => list.refreshPending(messageIdOf(message.clientId), (item) => fillWaiting(item, message, state)),
    onSent: accepted,
    onFailed: (message, error) => list.settleRefused(messageIdOf(message.clientId), (item) => fillRefused(item, message, error)),
    onExpired: handleFailure,
    arrived: (message) => list.has(messageIdOf(message.clientId)) && !list.isPending(messageIdOf(message.clientId)),
    onWaitingChange: (waiting) => {
      if (api.visitorToken) saveState(api.visitorToken, waiting);
    },
  });
  // Back online, or the server reachable again: the waiting message goes now rather than at its next turn.
  window.addEventListener('online', () => outbox.retryNow());

  function setStatus(text: string): void {
    status.textContent = text;
  }

  /** What survives a reload: the visitor's session and the text messages still waiting to be taken. */
  interface SavedState {
    visitorToken: string;
    waiting: { clientId: string; body: string }[];
  }

  function loadState(): SavedState | undefined {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { visitorToken?: unknown; waiting?: unknown } | null;
      if (typeof saved?.visitorToken !== 'string') return undefined;
      const waiting = (Array.isArray(saved.waiting) ? saved.waiting : []).filter(
        (message): message is SavedState['waiting'][number] =>
          typeof message?.clientId === 'string' && typeof message.body === 'string' && message.body.length <= MAX_BODY_LENGTH,
      );
      return { visitorToken: saved.visitorToken, waiting };
    } catch {
      return undefined; // storage blocked (private mode, third-party frame)
    }
  }

  /** A file cannot be kept in storage: a reload loses a file still waiting, never a text. */
  function saveState(visitorToken: string | undefined, waiting: readonly OutgoingMessage[] = []): void {
    try {
      const texts = waiting.filter((message) => !message.file).map(({ clientId, body }) => ({ clientId, body }));
      if (visitorToken) localStorage.setItem(storageKey, JSON.stringify({ visitorToken, waiting: texts }));
      else localStorage.removeItem(storageKey);
    } catch {
      /* storage blocked: the conversation lasts as long as the page */
    }
  }

  function fill(item: HTMLLIElement, view: TranscriptMessageView): void {
    item.textContent = '';
    item.className = `wc-message ${view.fromMe ? 'wc-agent' : 'wc-visitor'}${view.deleted ? ' wc-deleted' : ''}`;
    if (view.deleted) item.append(t.deleted);
    else {
      if (view.mediaUrl) item.append(mediaOf(view));
      if (view.body) item.append(h('div', { className: 'wc-body' }, renderWhatsAppFormat(view.body)));
    }
    const date = new Date(view.createdAt);
    const time = h('time', {
      dateTime: view.createdAt,
      textContent: Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }),
    });
    if (view.edited && !view.deleted) time.append(` · ${t.edited}`);
    item.append(time);
  }

  /** The visitor's own words while they wait: the text, the file's name, and whether it is on its way or tried again. */
  function fillOutgoing(item: HTMLLIElement, message: OutgoingMessage, className: string, state: string): void {
    item.textContent = '';
    item.className = `wc-message wc-visitor ${className}`;
    if (message.file) item.append(h('div', { className: 'wc-file-name', textContent: message.file.name }));
    if (message.body.trim()) item.append(h('div', { className: 'wc-body' }, renderWhatsAppFormat(message.body)));
    item.append(h('span', { className: 'wc-state', textContent: state }));
  }

  function fillWaiting(item: HTMLLIElement, message: OutgoingMessage, state: OutgoingState): void {
    fillOutgoing(item, message, 'wc-pending', state === 'retrying' ? t.retrying : t.sending);
  }

  function fillRefused(item: HTMLLIElement, message: OutgoingMessage, error: WidgetApiError): void {
    const reason = error.status === 413 ? t.fileTooLarge : (error.serverMessage ?? '');
    fillOutgoing(item, message, 'wc-refused', reason ? `${t.notSent} ${reason}` : t.notSent);
  }

  /** The server took a waiting message: it becomes the server's copy, unless the socket brought that already. */
  function accepted(message: OutgoingMessage, sent: SentMessage | undefined): void {
    const id = messageIdOf(message.clientId);
    if (!sent || !list.isPending(id)) return;
    // A server that does not know client ids names the message itself.
    if (sent.id !== id) list.remove(id);
    const shown = () => {
      if (list.isPending(id) || !list.has(sent.id))
        show({ id: sent.id, seq: sent.seq, body: message.body, fromMe: false, createdAt: sent.createdAt });
    };
    // A file's preview needs its view from the server.
    if (message.file) catchUp().catch(handleFailure).finally(shown);
    else shown();
  }

  /** A preview of a file: images, audio and video in place (they grow the list when loaded), anything else a download. */
  function mediaOf(view: TranscriptMessageView): HTMLElement {
    const name = view.mediaName || t.file;
    const kind = (view.mimeType ?? '').split('/')[0];
    const link = h('a', { className: 'wc-file-link', href: '#', textContent: name });
    const box = h('div', { className: 'wc-media' }, link);
    api
      .mediaUrl(view.mediaUrl!)
      .then((url) => {
        link.href = url;
        if (kind === 'image' && view.mimeType !== 'image/svg+xml') {
          // Shown once loaded, in the same step as the scroll to it: an empty image in its place first would shrink the
          // list, and the browser's scroll for that, read after the image grew, would look like the visitor scrolling up.
          // One that cannot load stays a link to the file.
          const image = h('img', { src: url, alt: name });
          link.target = '_blank';
          image.addEventListener(
            'load',
            () => {
              link.replaceChildren(image);
              list.contentChanged();
            },
            { once: true },
          );
        } else if (kind === 'audio' || kind === 'video') {
          const player = h(kind, { src: url, controls: true, preload: 'metadata' });
          player.addEventListener('loadedmetadata', () => list.contentChanged());
          box.prepend(player);
          link.download = name;
        } else link.download = name;
      })
      .catch(() => {
        link.textContent = `${name} (${t.unavailable})`;
      });
    return box;
  }

  /** Shows a message; an agent's message the visitor now sees is acknowledged as read. */
  function show(view: TranscriptMessageView): boolean {
    const added = list.upsert(view);
    if (added && view.fromMe && !view.deleted) {
      unreadAcks.add(view.id);
      flushReads();
    }
    return added;
  }

  function flushReads(): void {
    if (!socket?.connected || unreadAcks.size === 0 || document.visibilityState !== 'visible') return;
    socket.emit('read', { ids: [...unreadAcks] });
    unreadAcks.clear();
  }
  document.addEventListener('visibilitychange', flushReads);

  function setMore(hasMore: boolean): void {
    messages.querySelector('li.wc-more')?.remove();
    if (!hasMore) return;
    const more = h('button', { id: 'wc-more', type: 'button', textContent: t.earlier });
    more.addEventListener('click', () => {
      more.disabled = true;
      void list.keepingPosition(async () => void (await loadPage(pagesLoaded + 1))).catch(() => (more.disabled = false));
    });
    const welcome = messages.querySelector('li.wc-welcome');
    messages.insertBefore(h('li', { className: 'wc-more' }, more), welcome ? welcome.nextSibling : messages.firstChild);
  }

  async function loadPage(pageNumber: number): Promise<TranscriptPage> {
    const page = await api.call<TranscriptPage>('GET', `/messages?pageNumber=${pageNumber}`);
    for (const view of page.messages) show(view);
    if (pageNumber > pagesLoaded) {
      pagesLoaded = pageNumber;
      setMore(page.hasMore);
    }
    return page;
  }

  /** Reads what arrived while the socket was away: newer pages until one reaches a message already shown. */
  async function catchUp(): Promise<void> {
    const newest = list.newestSeq();
    for (let pageNumber = 1; ; pageNumber += 1) {
      const page = await loadPage(pageNumber);
      const oldest = page.messages[0]?.seq ?? 0;
      if (!page.hasMore || newest === 0 || oldest <= newest + 1) return;
    }
  }

  function showTyping(presence: unknown): void {
    window.clearTimeout(typingTimer);
    typing.textContent = presence === 'composing' ? t.typing : presence === 'recording' ? t.recording : '';
    if (typing.textContent) typingTimer = window.setTimeout(() => (typing.textContent = ''), 8000);
  }

  function connect(visitorToken: string): void {
    socket = io(config.namespace, { path: config.socketPath, auth: { widgetId, visitorToken } });
    // A bot may answer before the socket joined, and anything may arrive while it is away: read on each (re)connect.
    socket.on('connect', () => {
      setStatus(t.online);
      outbox.retryNow();
      flushReads();
      catchUp().catch(handleFailure);
    });
    socket.on('disconnect', () => setStatus(t.reconnecting));
    socket.on('connect_error', (error: Error) => (error.message === 'ERR_SESSION_EXPIRED' ? expire() : setStatus(t.reconnecting)));
    socket.on('message', (view: TranscriptMessageView) => {
      if (view.fromMe) showTyping('paused');
      if (show(view) && view.fromMe) tellLauncher({ source: 'switchboard-widget', type: 'message' });
    });
    socket.on('edit', (view: TranscriptMessageView) => list.has(view.id) && list.upsert(view));
    socket.on('delete', ({ id }: { id: string }) => {
      const item = list.item(id);
      if (item) list.upsert({ id, seq: Number(item.dataset.seq), body: '', fromMe: true, deleted: true, createdAt: '' });
    });
    socket.on('typing', (payload: { presence?: unknown } | undefined) => showTyping(payload?.presence));
  }

  function handleFailure(error: unknown): void {
    if (error instanceof WidgetApiError && error.status === 401) expire();
  }

  function expire(): void {
    outbox.clear();
    saveState(undefined);
    api.visitorToken = undefined;
    socket?.disconnect();
    socket = undefined;
    showForm();
  }

  function showForm(): void {
    chat.hidden = true;
    startForm.hidden = false;
    setStatus('');
    nameInput.focus();
  }

  function showChat(visitorToken: string): void {
    api.visitorToken = visitorToken;
    startForm.hidden = true;
    chat.hidden = false;
    list.clear();
    pagesLoaded = 0;
    if (config.welcome) messages.append(h('li', { className: 'wc-welcome' }, renderWhatsAppFormat(config.welcome)));
    connect(visitorToken);
    input.focus();
  }

  function fieldError(field: HTMLInputElement, error: HTMLElement, text: string): boolean {
    error.textContent = text;
    field.setAttribute('aria-invalid', text ? 'true' : 'false');
    return !text;
  }

  startForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    const email = emailInput.value.trim();
    startError.textContent = '';
    const nameOk = fieldError(nameInput, nameError, !name ? t.nameRequired : name.length > MAX_NAME_LENGTH ? t.nameTooLong : '');
    const emailOk = fieldError(
      emailInput,
      emailError,
      !email ? (config.requireEmail ? t.emailRequired : '') : email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email) ? t.emailInvalid : '',
    );
    if (!nameOk || !emailOk) {
      (nameOk ? emailInput : nameInput).focus();
      return;
    }
    startButton.disabled = true;
    api
      .call<{ visitorToken: string }>('POST', '/sessions', email ? { name, email } : { name })
      .then(({ visitorToken }) => {
        saveState(visitorToken);
        showChat(visitorToken);
      })
      .catch((error: unknown) => {
        const fields = error instanceof WidgetApiError ? error.fields : {};
        if (fields.name) fieldError(nameInput, nameError, t.nameRequired);
        if (fields.email) fieldError(emailInput, emailError, config.requireEmail && !email ? t.emailRequired : t.emailInvalid);
        if (!fields.name && !fields.email)
          startError.textContent = error instanceof WidgetApiError && error.status === 429 ? t.tooFast : t.startFailed;
      })
      .finally(() => (startButton.disabled = false));
  });

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileName.textContent = file ? file.name : '';
    sendError.textContent = file && file.size > MAX_MEDIA_BYTES ? t.fileTooLarge : '';
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });

  input.addEventListener('input', () => {
    const now = Date.now();
    if (socket?.connected && now - lastTyping > 3000) {
      lastTyping = now;
      socket.emit('typing', { presence: 'composing' });
    }
  });

  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value;
    const file = fileInput.files?.[0];
    sendError.textContent = '';
    if (!text.trim() && !file) return;
    if (text.length > MAX_BODY_LENGTH) return void (sendError.textContent = t.tooLong);
    if (file && file.size > MAX_MEDIA_BYTES) return void (sendError.textContent = t.fileTooLarge);
    queueMessage({ clientId: newClientId(), body: text, file });
    input.value = '';
    fileInput.value = '';
    fileName.textContent = '';
    lastTyping = 0;
    socket?.emit('typing', { presence: 'paused' });
  });

  function queueMessage(message: OutgoingMessage): void {
    list.addPending(messageIdOf(message.clientId), (item) => fillWaiting(item, message, 'sending'));
    outbox.add(message);
  }

  const saved = loadState();
  if (saved) {
    showChat(saved.visitorToken);
    // Written before a reload and not yet taken: sent again under the same client id, which the server keeps once.
    for (const message of saved.waiting) queueMessage(message);
  } else showForm();
}
