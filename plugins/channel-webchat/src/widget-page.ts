import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConnectionInfo } from '@switchboard/sdk';
import { COLOR, DEFAULT_COLOR, type EmbedConfig, type WidgetPageConfig } from './widget-contract.js';

/** The widget's browser build (widget/vite.config.ts), beside this module's folder whether it runs from src or dist. */
const BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/widget');
export const WIDGET_ASSETS = { 'widget.js': 'text/javascript', 'widget.css': 'text/css', 'embed.js': 'text/javascript' } as const;
export type WidgetAsset = keyof typeof WIDGET_ASSETS;
// The string literal in embed.js (any quotes) that the route replaces with the connection's launcher settings.
const EMBED_CONFIG_MARK = /(["'`])__SWITCHBOARD_EMBED_CONFIG__\1/g;

const builtFiles = new Map<WidgetAsset, Promise<string | undefined>>();

/** A built file of the widget, read once; undefined when the widget was not built (`npm run build`). */
export function widgetAsset(name: WidgetAsset): Promise<string | undefined> {
  let file = builtFiles.get(name);
  if (!file) {
    file = readFile(path.join(BUILD_DIR, name), 'utf8').catch(() => undefined);
    builtFiles.set(name, file);
    // A missing build is looked for again next time (a build may finish after the server started).
    void file.then((text) => text === undefined && builtFiles.delete(name));
  }
  return file;
}

/** Text safe inside HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** JSON safe inside a <script type="application/json"> element. */
function inertJson(value: unknown): string {
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

/** The connection's colour when it is a valid #rgb / #rrggbb, else the default: it reaches a stylesheet. */
function colorOf(connection: ConnectionInfo): string {
  const color = setting(connection, 'primaryColor', 7);
  return color && COLOR.test(color) ? color : DEFAULT_COLOR;
}

/** The Content-Security-Policy of the widget page: its own scripts and styles only, frameable by any site. */
export const WIDGET_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self' ws: wss:",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

function page(config: WidgetPageConfig, title: string): string {
  const assets = `/widget/${encodeURIComponent(config.widgetId ?? '-')}`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assets}/widget.css">
</head>
<body>
<div id="wc-root"></div>
<script id="wc-config" type="application/json">${inertJson(config)}</script>
<script src="${assets}/widget.js"></script>
</body>
</html>
`;
}

/**
 * The chat page of a connection: a shell that loads the widget's built script and stylesheet, with the connection's
 * settings as inert JSON. The script builds the page in the visitor's language; all text goes in as DOM text.
 */
export function renderWidgetPage(options: { connection: ConnectionInfo; namespace: string; socketPath?: string }): string {
  const { connection } = options;
  const title = setting(connection, 'title', 80);
  const config: WidgetPageConfig = {
    // The public id only: the connection's token is the external API's credential and never goes in a page.
    widgetId: connection.publicId,
    base: `/widget/${encodeURIComponent(connection.publicId ?? '')}`,
    namespace: options.namespace,
    socketPath: options.socketPath ?? '/socket.io',
    title,
    welcome: setting(connection, 'welcomeText', 1000) ?? '',
    color: colorOf(connection),
    requireEmail: connection.settings.requireEmail === true,
  };
  return page(config, title ?? 'Chat');
}

/** The page of an unknown widget address: the same script says so in the visitor's language. */
export function renderNotFoundPage(namespace: string): string {
  return page({ base: '', namespace, socketPath: '/socket.io', welcome: '', color: DEFAULT_COLOR, requireEmail: false }, 'Chat');
}

/** The launcher script of a connection: the built embed.js with the connection's title and colour written in. */
export function renderEmbedScript(built: string, connection: ConnectionInfo): string {
  const config: EmbedConfig = { title: setting(connection, 'title', 80), color: colorOf(connection) };
  // A double-quoted JS string holding the JSON, which the script parses; inertJson already escaped U+2028/2029.
  const literal = JSON.stringify(inertJson(config));
  return built.replace(EMBED_CONFIG_MARK, () => literal);
}
