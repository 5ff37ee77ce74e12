import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ChannelContribution,
  ChannelSession,
  ConnectionInfo,
  ContactRef,
  InboundEvent,
  InboundMedia,
  InboundMessage,
} from '../channel.js';
import type { Ack, ConnectionStatus } from '../domain.js';
import { addressField } from '../plugin.js';
import { RecordingSessionContext } from './recording-context.js';

/** One message the fake peer (the remote party) received from the session. */
export interface OutboundSeen {
  /** The id the session returned from send(), as the peer knows the message. */
  externalId: string;
  /** The address it was delivered to (the ContactRef.address the session was given). */
  to: string;
  body?: string;
  media?: { fileName: string; mimeType: string };
}

/** A presence (typing) indication the peer received. */
export interface PresenceSeen {
  to: string;
  presence: 'composing' | 'recording' | 'paused';
}

/**
 * The remote side of a channel, played by the plugin's own test: a fake WhatsApp server, a fake Graph API, a fake
 * widget visitor... The suite drives it to make things happen on the far side and asks it what arrived there.
 *
 * Required:
 * - deliverText / deliverMedia: the contact `from` writes to the connection's account. Resolve once the peer has
 *   handed the message over (the suite then waits, with a timeout, for the event at ctx.inbound). A peer whose
 *   channel assigns addresses itself (a widget visitor gets a random id) sets `assignsAddresses` and keeps one
 *   identity per `from.address`.
 * - received(): everything the peer has received so far, in order. It is read repeatedly until the expected
 *   message shows up, so it may fill asynchronously.
 *
 * Optional, by capability (a missing one turns the matching test into a no-op that passes):
 * - crash(): the peer drops the session abruptly (server closes the socket, node dies). The session must come
 *   back to CONNECTED by itself, or report DISCONNECTED so that core (played by the suite) starts it again.
 * - acknowledge(externalId, ack): the peer marks a message it received as delivered/read; the session must hand an
 *   `ack` event with that externalId to core.
 * - presences(): the typing indications received, to check session.sendPresence.
 * - dispose(): frees what the peer holds (servers, sockets); called after every test.
 */
export interface FakePeer {
  /** The channel assigns addresses (visitor ids) itself, so chat.address need not equal from.address. */
  readonly assignsAddresses?: boolean;
  deliverText(from: ContactRef, body: string): Promise<void>;
  deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void>;
  received(): OutboundSeen[];
  crash?(): Promise<void>;
  acknowledge?(externalId: string, ack?: Ack): Promise<void>;
  presences?(): PresenceSeen[];
  dispose?(): Promise<void>;
}

/** What the suite hands the factories of one test: the connection and the recording context the session gets. */
export interface ConformanceSetup {
  connection: ConnectionInfo;
  context: RecordingSessionContext;
}

export interface ChannelConformanceOptions {
  /** Shown in the describe block: 'webchat', 'whatsapp'... */
  name: string;
  /** The contribution under test; called once per test, after peer(). */
  contribution: (setup: ConformanceSetup) => ChannelContribution;
  /** A fresh fake peer; called once per test, before contribution(). */
  peer: (setup: ConformanceSetup) => Promise<FakePeer> | FakePeer;
  /** Overrides of the test connection (id 1, company 1, the contribution's channel, token 'conformance-token'). */
  connection?: Partial<ConnectionInfo>;
  /** Milliseconds any single wait may take (default 5000). */
  timeoutMs?: number;
}

const STATUSES: ConnectionStatus[] = ['DISCONNECTED', 'OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT'];
const BEFORE_CONNECTED: ConnectionStatus[] = ['DISCONNECTED', 'OPENING', 'qrcode', 'PAIRING'];
// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Registers the channel conformance tests: start and status reporting, inbound text and media, outbound text and
 * media, acks, presence, stop, restart after a crash. Call it at the top level of a plugin's test file.
 */
export function describeChannelConformance(options: ChannelConformanceOptions): void {
  const timeoutMs = options.timeoutMs ?? 5000;

  describe(`channel conformance: ${options.name}`, () => {
    let context: RecordingSessionContext;
    let peer: FakePeer;
    let contribution: ChannelContribution;
    let session: ChannelSession;
    let started = false;
    let workDir: string | undefined;

    const alice: ContactRef = { address: '5511900000001', name: 'Alice Conformance', email: 'alice@example.com' };
    const bob: ContactRef = { address: '5511900000002', name: 'Bob Conformance', email: 'bob@example.com' };

    beforeEach(async () => {
      context = new RecordingSessionContext({ channel: options.name, ...options.connection });
      const setup: ConformanceSetup = { connection: context.connection, context };
      peer = await options.peer(setup);
      contribution = options.contribution(setup);
      if (!options.connection?.channel) (context.connection as { channel: string }).channel = contribution.channel;
      session = contribution.createSession(context);
      started = false;
    });

    afterEach(async () => {
      if (started) await session.stop({ logout: false }).catch(() => undefined);
      await peer.dispose?.();
      if (workDir) await rm(workDir, { recursive: true, force: true });
      workDir = undefined;
    });

    async function start(): Promise<void> {
      const from = context.statuses.length;
      await session.start();
      started = true;
      await context.waitForStatus('CONNECTED', { from, timeoutMs });
    }

    /** The contact writes `body`; resolves with the InboundMessage that reached core. */
    async function inboundText(from: ContactRef, body: string): Promise<InboundMessage> {
      const index = context.events.length;
      await peer.deliverText(from, body);
      return context.waitForEvent<InboundMessage>((e) => e.type === 'message' && e.body === body, { from: index, timeoutMs });
    }

    function waitReceived(predicate: (seen: OutboundSeen) => boolean, what: string): Promise<OutboundSeen> {
      return context.waitFor(() => peer.received().find(predicate), `the peer to receive ${what}`, { timeoutMs });
    }

    it('describes itself: channel id, name, settings fields and capabilities', () => {
      expect(typeof contribution.channel).toBe('string');
      expect(contribution.channel).toMatch(/^[a-z][a-z0-9-]{1,39}$/);
      expect(typeof contribution.description.name).toBe('string');
      expect(contribution.description.name.length).toBeGreaterThan(0);
      expect(Array.isArray(contribution.description.settings)).toBe(true);
      const keys = contribution.description.settings.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const field of contribution.description.settings) {
        expect(['string', 'text', 'number', 'boolean', 'select', 'url']).toContain(field.type);
        expect(field.label.length).toBeGreaterThan(0);
        if (field.type === 'select') expect(field.options?.length).toBeGreaterThan(0);
      }
      // At most one plain address field (core refuses the plugin otherwise).
      expect(() => addressField(contribution.channel, contribution.description)).not.toThrow();
    });

    it('start() reports CONNECTED through ctx.setStatus, after OPENING/qrcode/PAIRING only', async () => {
      await start();
      const firstConnected = context.statuses.findIndex((s) => s.status === 'CONNECTED');
      for (const recorded of context.statuses.slice(0, firstConnected)) expect(BEFORE_CONNECTED).toContain(recorded.status);
    });

    it('reports only known statuses, and a qrcode status carries the QR text', async () => {
      await start();
      for (const recorded of context.statuses) {
        expect(STATUSES).toContain(recorded.status);
        if (recorded.status === 'qrcode') expect(typeof recorded.extra?.qrcode).toBe('string');
      }
      if (contribution.description.capabilities?.qrcode !== true) {
        expect(context.statuses.some((s) => s.status === 'qrcode')).toBe(false);
      }
    });

    it('hands an inbound text to ctx.inbound as an InboundMessage with a stable externalId', async () => {
      await start();
      const first = await inboundText(alice, 'hello from conformance');
      const firstId = first.externalId;
      expect(first.type).toBe('message');
      expect(first.fromMe).toBe(false);
      expect(typeof first.externalId).toBe('string');
      expect(first.externalId.length).toBeGreaterThan(0);
      expect(typeof first.chat.address).toBe('string');
      expect(first.chat.address.length).toBeGreaterThan(0);
      if (!peer.assignsAddresses) expect(first.chat.address).toBe(alice.address);

      const second = await inboundText(alice, 'second line from conformance');
      expect(second.externalId).not.toBe(first.externalId);
      expect(second.chat.address).toBe(first.chat.address);

      const other = await inboundText(bob, 'bob writes too');
      expect(other.chat.address).not.toBe(first.chat.address);
      expect(new Set([first.externalId, second.externalId, other.externalId]).size).toBe(3);
      // The id handed to core does not change afterwards (core stores each (connection, externalId) once).
      expect(first.externalId).toBe(firstId);
    });

    it('hands inbound media to ctx.inbound with its bytes, file name and mime type', async () => {
      if (!contribution.description.capabilities?.media) return;
      await start();
      const index = context.events.length;
      await peer.deliverMedia(alice, { data: PNG, fileName: 'pixel.png', mimeType: 'image/png' }, 'a picture');
      const message = await context.waitForEvent<InboundMessage>((e) => e.type === 'message' && !!e.media, { from: index, timeoutMs });
      expect(message.fromMe).toBe(false);
      expect(message.externalId.length).toBeGreaterThan(0);
      expect(message.media?.mimeType).toBe('image/png');
      expect(message.media?.fileName.length).toBeGreaterThan(0);
      expect(Buffer.compare(message.media!.data, PNG)).toBe(0);
      if (message.mediaType !== undefined) expect(message.mediaType).toBe('image');
    });

    it('send() delivers a text to the peer and returns the externalId the peer received', async () => {
      await start();
      const chat = (await inboundText(alice, 'please answer me')).chat;
      const result = await session.send({ messageId: 101, to: chat, body: 'an answer from the agent' });
      expect(typeof result.externalId).toBe('string');
      expect(result.externalId.length).toBeGreaterThan(0);
      const seen = await waitReceived((s) => s.externalId === result.externalId, `message ${result.externalId}`);
      expect(seen.to).toBe(chat.address);
      expect(seen.body).toBe('an answer from the agent');

      const again = await session.send({ messageId: 102, to: chat, body: 'and another' });
      expect(again.externalId).not.toBe(result.externalId);
      await waitReceived((s) => s.externalId === again.externalId, `message ${again.externalId}`);
    });

    it('send() delivers a media file to the peer', async () => {
      if (!contribution.description.capabilities?.media) return;
      await start();
      const chat = (await inboundText(alice, 'send me the file')).chat;
      workDir = await mkdtemp(join(tmpdir(), 'sb-conformance-'));
      const path = join(workDir, 'pixel.png');
      await writeFile(path, PNG);
      const result = await session.send({
        messageId: 103,
        to: chat,
        body: 'here it is',
        media: { path, fileName: 'pixel.png', mimeType: 'image/png', mediaType: 'image' },
      });
      const seen = await waitReceived((s) => s.externalId === result.externalId, `media ${result.externalId}`);
      expect(seen.to).toBe(chat.address);
      expect(seen.media?.mimeType).toBe('image/png');
      expect(seen.media?.fileName).toBe('pixel.png');
    });

    it('hands an ack to ctx.inbound when the peer acknowledges a message', async () => {
      if (!peer.acknowledge) return;
      await start();
      const chat = (await inboundText(alice, 'ack me')).chat;
      const { externalId } = await session.send({ messageId: 104, to: chat, body: 'read this' });
      await waitReceived((s) => s.externalId === externalId, `message ${externalId}`);
      const index = context.events.length;
      await peer.acknowledge(externalId, 3);
      const ack = await context.waitForEvent<Extract<InboundEvent, { type: 'ack' }>>(
        (e) => e.type === 'ack' && e.externalId === externalId,
        { from: index, timeoutMs },
      );
      expect([1, 2, 3, 4]).toContain(ack.ack);
    });

    it('sendPresence() reaches the peer', async () => {
      if (!session.sendPresence || !peer.presences) return;
      await start();
      const chat = (await inboundText(alice, 'are you there?')).chat;
      await session.sendPresence(chat, 'composing');
      await context.waitFor(
        () => peer.presences!().find((p) => p.to === chat.address && p.presence === 'composing'),
        'the peer to see composing',
        { timeoutMs },
      );
    });

    it('stop() resolves, may be repeated, and the session can start again', async () => {
      await start();
      await session.stop({ logout: false });
      await session.stop({ logout: false });
      started = false;
      await start();
      const chat = (await inboundText(alice, 'after a restart')).chat;
      const { externalId } = await session.send({ messageId: 105, to: chat, body: 'still here' });
      await waitReceived((s) => s.externalId === externalId, `message ${externalId}`);
    });

    it('comes back after the peer drops the session, and works again', async () => {
      if (!peer.crash) return;
      await start();
      const chat = (await inboundText(alice, 'before the crash')).chat;
      const from = context.statuses.length;
      await peer.crash();
      await new Promise((resolve) => setTimeout(resolve, Math.min(300, timeoutMs / 10)));
      // Either the session reconnects by itself (reporting what it likes in between, ending at CONNECTED), or it
      // reports DISCONNECTED and stays so: then core, played here, starts it again.
      const settled = await context.waitFor(
        () => {
          const after = context.statuses.slice(from);
          const last = after[after.length - 1]?.status;
          if (last === 'DISCONNECTED') return 'restart' as const;
          if (after.length === 0 || last === 'CONNECTED') return 'connected' as const;
          return undefined;
        },
        'the session to settle after the crash',
        { timeoutMs },
      );
      if (settled === 'restart') {
        await session.stop({ logout: false }).catch(() => undefined);
        await start();
      }
      const again = await inboundText(alice, 'after the crash');
      if (!peer.assignsAddresses) expect(again.chat.address).toBe(chat.address);
      const { externalId } = await session.send({ messageId: 106, to: again.chat, body: 'back again' });
      await waitReceived((s) => s.externalId === externalId, `message ${externalId}`);
    });
  });
}
