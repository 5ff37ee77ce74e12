// What core hands a plugin to serve HTTP and sockets, described by shape. Core serves plugin routes with Express 5
// and sockets with socket.io 4; the sdk names only the parts plugins rely on, so that its types need no server
// package. A plugin that wants a framework's full types (express.raw, multer, typed socket events) depends on that
// framework itself and annotates its handlers with them: they fit these shapes.

import type { IncomingMessage, ServerResponse } from 'node:http';

/** Parameters compared both ways, as for methods, so that a handler typed with Express's own types fits. */
type Bivariant<T extends (...args: never[]) => unknown> = { handler(...args: Parameters<T>): ReturnType<T> }['handler'];

/**
 * An incoming request: Node's, with the parts of Express's request a plugin route reads. Node's own middleware
 * (a body parser taking an IncomingMessage) fits a route too.
 */
export interface HttpRequest extends IncomingMessage {
  readonly path: string;
  readonly originalUrl: string;
  readonly params: Record<string, string | string[]>;
  readonly query: Record<string, unknown>;
  /** Parsed by the route's own body middleware (core parses no body for plugin routes). */
  body: unknown;
  readonly ip?: string;
  /** A header by name, case-insensitive. */
  get(name: string): string | undefined;
}

/** The response of a plugin route: Node's, with the parts of Express's response a plugin route writes. */
export interface HttpResponse extends ServerResponse {
  readonly locals: Record<string, unknown>;
  status(code: number): this;
  set(field: string, value: string): this;
  json(body: unknown): this;
  send(body?: unknown): this;
}

export type HttpNext = (error?: unknown) => void;
export type HttpHandler = Bivariant<(req: HttpRequest, res: HttpResponse, next: HttpNext) => unknown>;
export type HttpErrorHandler = Bivariant<(error: unknown, req: HttpRequest, res: HttpResponse, next: HttpNext) => unknown>;

/** The router a channel's routes are mounted on (an Express 5 Router at the server's root). */
export interface HttpRouter {
  get(path: string, ...handlers: HttpHandler[]): unknown;
  post(path: string, ...handlers: HttpHandler[]): unknown;
  put(path: string, ...handlers: HttpHandler[]): unknown;
  delete(path: string, ...handlers: HttpHandler[]): unknown;
  use(path: string, ...handlers: (HttpHandler | HttpErrorHandler)[]): unknown;
}

/** One client of a plugin's socket namespace (a socket.io 4 Socket). */
export interface RealtimeSocket {
  readonly id: string;
  readonly handshake: { auth: Record<string, unknown>; address: string };
  /** What the plugin keeps about this client, e.g. set by its handshake middleware. */
  data: unknown;
  join(room: string): unknown;
  leave(room: string): unknown;
  on(event: string, listener: Bivariant<(...args: unknown[]) => void>): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  disconnect(close?: boolean): unknown;
}

/** A plugin's socket namespace (a socket.io 4 Namespace), shared by every node when scaled. */
export interface RealtimeNamespace {
  use(middleware: Bivariant<(socket: RealtimeSocket, next: (error?: Error) => void) => void>): unknown;
  on(event: 'connection', listener: Bivariant<(socket: RealtimeSocket) => void>): unknown;
  to(room: string | string[]): { emit(event: string, ...args: unknown[]): boolean };
  emit(event: string, ...args: unknown[]): boolean;
}
