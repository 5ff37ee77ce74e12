/**
 * A worker thread of bench:fanout holding a share of the agents' sockets (socket.io-client over WebSocket, the token in
 * the handshake's auth as the web app sends it). It records when each socket got each `appMessage` carrying a bench
 * marker, on the process-wide monotonic clock, and hands the records to the main thread when asked.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

/** What the main thread asks. */
export type ClientCommand = { type: 'connect'; sockets: ClientSocketSpec[] } | { type: 'count' } | { type: 'take' } | { type: 'close' };

/** One socket to open: `index` names it in the records; `auth` is the handshake's payload. */
export interface ClientSocketSpec {
  index: number;
  url: string;
  auth: Record<string, string>;
}

/** What the worker answers, one message per command. */
export type ClientReply =
  | { type: 'connected'; failed: { index: number; error: string }[] }
  | { type: 'count'; received: Record<MarkerKind, number>; events: Record<string, number>; disconnects: number }
  | { type: 'events'; events: Float64Array; loopDelayP99Ms: number }
  | { type: 'closed' };

/** Markers the bench writes into message bodies: `sbfan<run>x<kind><seq>`. */
export type MarkerKind = 'w' | 'p' | 'c';
export const markerKinds: MarkerKind[] = ['w', 'p', 'c'];
export const markerOf = (run: string, kind: MarkerKind, seq: number) => `sbfan${run}x${kind}${seq}`;
const MARKER = /sbfan[a-z0-9]+x([wpc])(\d+)/;
/** A record's code: kind and sequence in one number. */
export const codeOf = (kind: MarkerKind, seq: number) => markerKinds.indexOf(kind) * 1e7 + seq;
export const kindOfCode = (code: number): MarkerKind => markerKinds[Math.floor(code / 1e7)]!;
export const seqOfCode = (code: number) => code % 1e7;

/** The monotonic clock in milliseconds, the same in every thread of the process. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * One process stands for thousands of browsers here, so decoding every payload in full would make this thread the
 * bottleneck of the measure. Event packets are read only as far as their name and the bench marker; every other packet
 * (connect, errors) goes through socket.io's own decoder.
 */
class MarkerDecoder extends Decoder {
  override add(data: unknown): void {
    if (typeof data === 'string' && data.startsWith('2["')) {
      const event = data.slice(3, data.indexOf('"', 3));
      const marker = event === 'appMessage' ? (MARKER.exec(data)?.[0] ?? '') : '';
      this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [event, marker] });
      return;
    }
    super.add(data);
  }
}

function serve(port: NonNullable<typeof parentPort>): void {
  const sockets: Socket[] = [];
  // index, code, arrival (ms) per received marked appMessage
  let records = new Float64Array(1 << 16);
  let length = 0;
  const received: Record<MarkerKind, number> = { w: 0, p: 0, c: 0 };
  // Every event by name, marked or not: what each message costs a socket beyond its appMessage.
  const events: Record<string, number> = {};
  let disconnects = 0;
  let closing = false;
  const loopDelayResolutionMs = 10;
  const loopDelay = monitorEventLoopDelay({ resolution: loopDelayResolutionMs });
  loopDelay.enable();

  const record = (index: number, marker: string) => {
    const at = nowMs();
    const match = MARKER.exec(marker);
    if (!match) return;
    const kind = match[1] as MarkerKind;
    received[kind] += 1;
    if (length + 3 > records.length) {
      const grown = new Float64Array(records.length * 2);
      grown.set(records);
      records = grown;
    }
    records[length++] = index;
    records[length++] = codeOf(kind, Number(match[2]));
    records[length++] = at;
  };

  const open = (spec: ClientSocketSpec) =>
    new Promise<string | undefined>((resolve) => {
      const socket = io(spec.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: spec.auth,
        forceNew: true,
        parser: { Encoder, Decoder: MarkerDecoder },
      });
      sockets.push(socket);
      socket.on('appMessage', (marker: string) => record(spec.index, marker));
      socket.onAny((event: string) => (events[event] = (events[event] ?? 0) + 1));
      socket.on('disconnect', () => {
        if (!closing) disconnects += 1;
      });
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', (error: Error) => {
        socket.disconnect();
        resolve(error.message);
      });
    });

  port.on('message', async (command: ClientCommand) => {
    const reply = (message: ClientReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
    if (command.type === 'connect') {
      const failed: { index: number; error: string }[] = [];
      // A few handshakes at a time: each one reads the user, session and queues from the database.
      let next = 0;
      await Promise.all(
        Array.from({ length: 25 }, async () => {
          while (next < command.sockets.length) {
            const spec = command.sockets[next++]!;
            const error = await open(spec);
            if (error) failed.push({ index: spec.index, error });
          }
        }),
      );
      reply({ type: 'connected', failed });
    } else if (command.type === 'count') {
      reply({ type: 'count', received: { ...received }, events: { ...events }, disconnects });
    } else if (command.type === 'take') {
      const events = records.slice(0, length);
      length = 0;
      reply({ type: 'events', events, loopDelayP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - loopDelayResolutionMs) }, [
        events.buffer,
      ]);
      loopDelay.reset();
    } else {
      closing = true;
      for (const socket of sockets) socket.disconnect();
      reply({ type: 'closed' });
    }
  });
}

if (parentPort) serve(parentPort);
