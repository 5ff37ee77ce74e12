import { COLOR, DEFAULT_COLOR, type EmbedConfig, type WidgetFrameMessage } from '../../src/widget-contract.js';
import { icon } from './dom.js';
import { browserLanguages, widgetLanguage, widgetTexts } from './widget-texts.js';

// The launcher other websites load with <script src="https://<switchboard>/widget/<public id>/embed.js" async>: a
// bubble in the corner that opens the chat page in an iframe. The server writes the connection's title and colour
// over this placeholder; styles are set through the DOM (not <style>), so a strict CSP on the host page allows them.
const SERVER_CONFIG = '__SWITCHBOARD_EMBED_CONFIG__';
const PHONE = '(max-width: 480px)';
const ICONS = {
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
};

function readConfig(): EmbedConfig {
  try {
    const parsed = JSON.parse(SERVER_CONFIG) as Partial<EmbedConfig>;
    return { title: typeof parsed.title === 'string' ? parsed.title : undefined, color: parsed.color ?? DEFAULT_COLOR };
  } catch {
    return { color: DEFAULT_COLOR };
  }
}

function styled<T extends HTMLElement>(element: T, style: Partial<CSSStyleDeclaration>): T {
  Object.assign(element.style, style);
  return element;
}

function launch(script: HTMLScriptElement): void {
  const page = script.src.replace(/\/embed\.js(?:[?#].*)?$/, '');
  const origin = new URL(page).origin;
  // Pasted twice: one bubble.
  if ([...document.querySelectorAll('[data-switchboard-widget]')].some((node) => node.getAttribute('data-switchboard-widget') === page))
    return;
  const config = readConfig();
  const t = widgetTexts(widgetLanguage(browserLanguages()));
  const title = config.title || t.defaultTitle;
  const color = COLOR.test(config.color) ? config.color : DEFAULT_COLOR;
  const phone = window.matchMedia(PHONE);

  const host = document.createElement('div');
  host.setAttribute('data-switchboard-widget', page);
  // Open, so the page's assistive tools and tests reach the button; the shadow keeps the site's CSS out.
  const shadow = host.attachShadow({ mode: 'open' });
  const button = styled(document.createElement('button'), {
    position: 'fixed',
    right: '20px',
    bottom: '20px',
    width: '56px',
    height: '56px',
    borderRadius: '50%',
    border: '0',
    padding: '0',
    background: color,
    color: '#fff',
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxShadow: '0 4px 14px rgba(0,0,0,.25)',
    zIndex: '2147483000',
  });
  button.type = 'button';
  const badge = styled(document.createElement('span'), {
    position: 'absolute',
    top: '4px',
    right: '4px',
    width: '12px',
    height: '12px',
    borderRadius: '50%',
    background: '#dc2626',
    border: '2px solid #fff',
  });
  badge.hidden = true;
  shadow.append(button);

  let frame: HTMLIFrameElement | undefined;
  let open = false;

  function layout(): void {
    if (!frame) return;
    const full = phone.matches;
    styled(frame, {
      display: open ? 'block' : 'none',
      position: 'fixed',
      border: '0',
      background: '#fff',
      zIndex: '2147483000',
      right: full ? '0' : '20px',
      bottom: full ? '0' : '88px',
      width: full ? '100%' : '370px',
      height: full ? '100%' : 'min(600px, calc(100% - 108px))',
      borderRadius: full ? '0' : '12px',
      boxShadow: full ? 'none' : '0 8px 30px rgba(0,0,0,.25)',
    });
    // On a phone the chat fills the screen and closes with its own button.
    button.style.display = open && full ? 'none' : 'flex';
  }

  function setOpen(next: boolean): void {
    open = next;
    if (open && !frame) {
      // Created on first open, then kept: closing and opening again keeps the conversation on screen.
      frame = document.createElement('iframe');
      frame.src = `${page}?embedded=1`;
      frame.title = title;
      shadow.append(frame);
    }
    if (open) badge.hidden = true;
    button.replaceChildren(icon(open ? ICONS.close : ICONS.chat, 28), badge);
    button.setAttribute('aria-label', open ? t.close : `${t.open}: ${title}`);
    button.setAttribute('aria-expanded', String(open));
    button.title = open ? t.close : title;
    layout();
    if (open) frame?.focus();
  }

  button.addEventListener('click', () => setOpen(!open));
  // Resizes cover the phone breakpoint (and rotating a phone) without relying on MediaQueryList events.
  window.addEventListener('resize', layout);
  window.addEventListener('message', (event: MessageEvent<WidgetFrameMessage>) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin || event.data?.source !== 'switchboard-widget') return;
    if (event.data.type === 'close') setOpen(false);
    else if (event.data.type === 'message' && !open) badge.hidden = false;
  });
  setOpen(false);

  if (document.body) document.body.append(host);
  else document.addEventListener('DOMContentLoaded', () => document.body.append(host));
}

// document.currentScript is only set while this file first runs.
const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.src) launch(current);
