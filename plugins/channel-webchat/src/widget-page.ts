import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ConnectionInfo } from '@switchboard/sdk';

const DEFAULT_TITLE = 'Fale conosco';
const DEFAULT_COLOR = '#2563eb';
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

let socketClient: string | undefined;

/** socket.io's browser client, read once from the socket.io package and inlined, so the page needs nothing else. */
function socketClientScript(): string {
  if (socketClient === undefined) {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('socket.io/package.json')), 'client-dist', 'socket.io.min.js');
    socketClient = readFileSync(file, 'utf8')
      .replace(/<\/(script)/gi, '<\\/$1')
      .replace(/\/\/# sourceMappingURL=.*$/m, '');
  }
  return socketClient;
}

/** Text safe inside HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** JSON safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function setting(connection: ConnectionInfo, key: string, max: number): string | undefined {
  const value = connection.settings[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/**
 * The embeddable widget page of a connection: one HTML document with inline CSS and JS (and the inlined socket.io
 * client), guarded by a nonce CSP. Connection settings (title, welcome text, colour) are escaped or validated;
 * visitor and agent text is only ever set with textContent.
 */
export function renderWidgetPage(options: { connection: ConnectionInfo; namespace: string; socketPath?: string }): {
  html: string;
  nonce: string;
} {
  const { connection } = options;
  const nonce = randomBytes(16).toString('base64');
  const title = setting(connection, 'title', 80) ?? DEFAULT_TITLE;
  const color = setting(connection, 'primaryColor', 7);
  const primary = color && COLOR.test(color) ? color : DEFAULT_COLOR;
  const config = {
    // The public id only: the connection's token is the external API's credential and never goes in a page.
    widgetId: connection.publicId,
    base: `/widget/${encodeURIComponent(connection.publicId ?? '')}`,
    namespace: options.namespace,
    socketPath: options.socketPath ?? '/socket.io',
    welcome: setting(connection, 'welcomeText', 1000) ?? '',
    maxBody: 4096,
    maxFile: 16 * 1024 * 1024,
  };
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
:root { --wc-primary: ${primary}; }
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f3f4f6; display: flex; flex-direction: column; }
header { background: var(--wc-primary); color: #fff; padding: 12px 16px; }
header h1 { margin: 0; font-size: 16px; font-weight: 600; }
#wc-status { font-size: 12px; opacity: .85; min-height: 1em; }
main { flex: 1; display: flex; flex-direction: column; min-height: 0; }
form.wc-start { padding: 16px; display: flex; flex-direction: column; gap: 10px; }
label { display: flex; flex-direction: column; gap: 4px; font-weight: 500; }
input[type=text], input[type=email], textarea { font: inherit; padding: 8px 10px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; }
button { font: inherit; border: 0; border-radius: 6px; padding: 8px 14px; background: var(--wc-primary); color: #fff; cursor: pointer; }
button:disabled { opacity: .5; cursor: default; }
.wc-error { color: #b91c1c; min-height: 1em; font-size: 12px; }
#wc-chat { flex: 1; display: flex; flex-direction: column; min-height: 0; }
#wc-messages { flex: 1; overflow-y: auto; list-style: none; margin: 0; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
#wc-messages li { max-width: 80%; padding: 8px 10px; border-radius: 10px; white-space: pre-wrap; word-wrap: break-word; }
#wc-messages li.wc-agent { align-self: flex-start; background: #fff; border: 1px solid #e5e7eb; }
#wc-messages li.wc-visitor { align-self: flex-end; background: var(--wc-primary); color: #fff; }
#wc-messages li.wc-welcome { align-self: center; background: transparent; color: #6b7280; font-style: italic; text-align: center; }
#wc-messages li.wc-deleted { font-style: italic; opacity: .6; }
#wc-messages time { display: block; font-size: 10px; opacity: .7; margin-top: 2px; }
#wc-messages img { max-width: 100%; border-radius: 6px; display: block; }
#wc-messages a { color: inherit; }
#wc-more { align-self: center; background: transparent; color: var(--wc-primary); }
#wc-typing { padding: 0 12px; font-size: 12px; color: #6b7280; min-height: 1.4em; }
form.wc-compose { display: flex; gap: 6px; padding: 8px; border-top: 1px solid #e5e7eb; background: #fff; align-items: flex-end; }
form.wc-compose textarea { flex: 1; resize: none; height: 40px; }
#wc-file { display: none; }
label.wc-attach { cursor: pointer; padding: 8px; font-size: 18px; }
#wc-file-name { font-size: 12px; color: #6b7280; padding: 0 12px; min-height: 1em; }
[hidden] { display: none !important; }
</style>
</head>
<body>
<header><h1 id="wc-title">${escapeHtml(title)}</h1><div id="wc-status" aria-live="polite"></div></header>
<main>
<form id="wc-start-form" class="wc-start" novalidate hidden>
<label>Nome <input id="wc-name" type="text" maxlength="80" autocomplete="name"></label>
<label>E-mail <input id="wc-email" type="email" maxlength="254" autocomplete="email"></label>
<div id="wc-start-error" class="wc-error" role="alert"></div>
<button id="wc-start" type="submit">Iniciar conversa</button>
</form>
<section id="wc-chat" hidden>
<ul id="wc-messages" aria-live="polite"></ul>
<div id="wc-typing"></div>
<div id="wc-file-name"></div>
<div id="wc-send-error" class="wc-error" role="alert"></div>
<form id="wc-compose" class="wc-compose" novalidate>
<label class="wc-attach" title="Anexar arquivo">&#128206;<input id="wc-file" type="file"></label>
<textarea id="wc-input" maxlength="4096" placeholder="Digite sua mensagem" aria-label="Mensagem"></textarea>
<button id="wc-send" type="submit">Enviar</button>
</form>
</section>
</main>
<script id="wc-config" type="application/json">${scriptJson(config)}</script>
<script nonce="${nonce}">${socketClientScript()}</script>
<script nonce="${nonce}">${WIDGET_SCRIPT}</script>
</body>
</html>
`;
  return { html, nonce };
}

/** The page of an unknown widget address. */
export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Chat não encontrado</title></head>
<body><p>Este chat não existe ou foi desativado.</p></body></html>
`;
}

// The widget's behaviour. Plain ES2017 for any browser; user text only ever goes through textContent.
const WIDGET_SCRIPT = `
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('wc-config').textContent);
  var storageKey = 'switchboard-webchat:' + cfg.widgetId;
  var $ = function (id) { return document.getElementById(id); };
  var state = null, socket = null, seen = {}, page = 1, typingTimer = null, lastTyping = 0;

  function load() { try { return JSON.parse(localStorage.getItem(storageKey) || 'null'); } catch (e) { return null; } }
  function save(s) { try { localStorage.setItem(storageKey, JSON.stringify(s)); } catch (e) { /* private mode */ } }
  function forget() { try { localStorage.removeItem(storageKey); } catch (e) { /* private mode */ } }
  function status(text) { $('wc-status').textContent = text || ''; }

  function api(method, path, body, isForm) {
    var headers = {};
    if (state) headers.Authorization = 'Bearer ' + state.visitorToken;
    if (body && !isForm) headers['Content-Type'] = 'application/json';
    return fetch(cfg.base + path, { method: method, headers: headers, body: isForm ? body : body ? JSON.stringify(body) : undefined })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (data) {
          if (res.status === 401) { expire(); }
          if (!res.ok) { var error = new Error(data.message || data.error || 'Erro'); error.fields = data.fields; throw error; }
          return data;
        });
      });
  }

  function expire() {
    forget(); state = null; seen = {};
    if (socket) { socket.disconnect(); socket = null; }
    $('wc-messages').textContent = '';
    showForm();
  }

  function showForm() { $('wc-chat').hidden = true; $('wc-start-form').hidden = false; status(''); $('wc-name').focus(); }

  function showChat() {
    $('wc-start-form').hidden = true; $('wc-chat').hidden = false;
    var list = $('wc-messages');
    list.textContent = '';
    if (cfg.welcome) { var w = document.createElement('li'); w.className = 'wc-welcome'; w.textContent = cfg.welcome; list.appendChild(w); }
    page = 1;
    loadPage(1).then(connect);
    $('wc-input').focus();
  }

  function loadPage(n) {
    return api('GET', '/messages?pageNumber=' + n).then(function (data) {
      var list = $('wc-messages');
      var anchor = n === 1 ? null : list.querySelector('li.wc-message');
      data.messages.forEach(function (m) { render(m, anchor); });
      var more = $('wc-more');
      if (more) more.remove();
      if (data.hasMore) {
        more = document.createElement('button'); more.id = 'wc-more'; more.type = 'button'; more.textContent = 'Mensagens anteriores';
        more.addEventListener('click', function () { page += 1; loadPage(page); });
        list.insertBefore(more, list.firstChild);
      }
      if (n === 1) list.scrollTop = list.scrollHeight;
    }).catch(function () { /* shown by status */ });
  }

  function connect() {
    if (!state || typeof io !== 'function') return;
    socket = io(cfg.namespace, { path: cfg.socketPath, auth: { widgetId: cfg.widgetId, visitorToken: state.visitorToken } });
    // Replies sent before the socket joined (a bot answers at once) or while it was away are read on (re)connect.
    socket.on('connect', function () { status('Online'); loadPage(1); });
    socket.on('disconnect', function () { status('Reconectando...'); });
    socket.on('connect_error', function (err) { if (err && err.message === 'ERR_SESSION_EXPIRED') expire(); else status('Reconectando...'); });
    socket.on('message', function (m) { render(m, null); $('wc-messages').scrollTop = $('wc-messages').scrollHeight; });
    socket.on('edit', function (m) { var li = seen[m.id]; if (li) { fill(li, m); } });
    socket.on('delete', function (m) { var li = seen[m.id]; if (li) { fill(li, { id: m.id, body: '', deleted: true, fromMe: true, createdAt: li.dataset.createdAt }); } });
    socket.on('typing', function (p) {
      $('wc-typing').textContent = p && p.presence === 'composing' ? 'Digitando...' : p && p.presence === 'recording' ? 'Gravando áudio...' : '';
      clearTimeout(typingTimer);
      typingTimer = setTimeout(function () { $('wc-typing').textContent = ''; }, 8000);
    });
  }

  function fill(li, m) {
    li.textContent = '';
    li.className = 'wc-message ' + (m.fromMe ? 'wc-agent' : 'wc-visitor') + (m.deleted ? ' wc-deleted' : '');
    li.dataset.createdAt = m.createdAt;
    if (m.deleted) { li.appendChild(document.createTextNode('Mensagem apagada')); }
    else {
      if (m.mediaUrl) li.appendChild(mediaElement(m));
      if (m.body) li.appendChild(document.createTextNode(m.body));
    }
    var time = document.createElement('time');
    var date = new Date(m.createdAt);
    time.dateTime = m.createdAt;
    time.textContent = isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) + (m.edited ? ' (editada)' : '');
    li.appendChild(time);
  }

  function render(m, before) {
    if (!m || !m.id || seen[m.id]) return;
    var li = document.createElement('li');
    li.dataset.id = m.id;
    seen[m.id] = li;
    fill(li, m);
    $('wc-messages').insertBefore(li, before);
    if (m.fromMe && socket) socket.emit('read', { ids: [m.id] });
  }

  function mediaElement(m) {
    var box = document.createElement('div');
    var link = document.createElement('a');
    link.href = '#';
    link.textContent = m.mediaName || 'arquivo';
    box.appendChild(link);
    fetch(m.mediaUrl, { headers: { Authorization: 'Bearer ' + (state ? state.visitorToken : '') } })
      .then(function (res) { if (!res.ok) throw new Error(); return res.blob(); })
      .then(function (blob) {
        var url = URL.createObjectURL(blob);
        link.href = url; link.download = m.mediaName || 'arquivo';
        if (/^image\\//.test(m.mimeType || '')) { var img = document.createElement('img'); img.src = url; img.alt = m.mediaName || ''; box.insertBefore(img, link); }
      })
      .catch(function () { link.textContent = (m.mediaName || 'arquivo') + ' (indisponível)'; });
    return box;
  }

  $('wc-start-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var name = $('wc-name').value.trim(), email = $('wc-email').value.trim();
    $('wc-start-error').textContent = '';
    if (name.length > 80) { $('wc-start-error').textContent = 'Nome muito longo'; return; }
    $('wc-start').disabled = true;
    var body = {};
    if (name) body.name = name;
    if (email) body.email = email;
    api('POST', '/sessions', body).then(function (data) {
      state = { visitorId: data.visitorId, visitorToken: data.visitorToken };
      save(state);
      showChat();
    }).catch(function (err) {
      $('wc-start-error').textContent = err.fields ? Object.keys(err.fields).map(function (k) { return err.fields[k]; }).join(' ') : err.message;
    }).then(function () { $('wc-start').disabled = false; });
  });

  $('wc-file').addEventListener('change', function () {
    var file = $('wc-file').files[0];
    $('wc-file-name').textContent = file ? file.name : '';
    $('wc-send-error').textContent = file && file.size > cfg.maxFile ? 'Arquivo maior que 16 MB' : '';
  });

  $('wc-input').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); $('wc-compose').requestSubmit ? $('wc-compose').requestSubmit() : $('wc-send').click(); }
  });

  $('wc-input').addEventListener('input', function () {
    if (!socket) return;
    var now = Date.now();
    if (now - lastTyping > 3000) { lastTyping = now; socket.emit('typing', { presence: 'composing' }); }
  });

  $('wc-compose').addEventListener('submit', function (event) {
    event.preventDefault();
    var text = $('wc-input').value, file = $('wc-file').files[0];
    $('wc-send-error').textContent = '';
    if (!text.trim() && !file) return;
    if (text.length > cfg.maxBody) { $('wc-send-error').textContent = 'Mensagem muito longa'; return; }
    if (file && file.size > cfg.maxFile) { $('wc-send-error').textContent = 'Arquivo maior que 16 MB'; return; }
    var request;
    if (file) { var form = new FormData(); form.append('media', file, file.name); if (text) form.append('body', text); request = api('POST', '/messages', form, true); }
    else request = api('POST', '/messages', { body: text });
    $('wc-send').disabled = true;
    request.then(function (data) {
      $('wc-input').value = ''; $('wc-file').value = ''; $('wc-file-name').textContent = '';
      lastTyping = 0;
      if (socket) socket.emit('typing', { presence: 'paused' });
      if (!seen[data.id]) {
        if (file) { loadPage(1); }
        else render({ id: data.id, body: text, fromMe: false, createdAt: data.createdAt }, null);
      }
      $('wc-messages').scrollTop = $('wc-messages').scrollHeight;
    }).catch(function (err) { if (state) $('wc-send-error').textContent = err.message; })
      .then(function () { $('wc-send').disabled = false; });
  });

  state = load();
  if (state && state.visitorToken) showChat(); else showForm();
})();
`;
