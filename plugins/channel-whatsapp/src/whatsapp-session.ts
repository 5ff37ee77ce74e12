import type { ChannelSession, ChannelSessionContext, ContactRef, InboundEvent, OutboundMessage } from '@switchboard/sdk';
import { DisconnectReason, downloadMediaMessage, type BaileysEventMap, type WAMessageKey } from '@whiskeysockets/baileys';
import { baileysLogger } from './baileys-logger.js';
import { HistoryImport } from './history-import.js';
import { InboundMessageMapper, type MediaDownloader } from './inbound-message.js';
import { outboundContent } from './outbound-content.js';
import { ReconnectBackoff, type BackoffOptions } from './reconnect-backoff.js';
import { SentMessages } from './sent-messages.js';
import { useStoreAuthState, type StoreAuthState } from './store-auth-state.js';
import { addressToJid, isGroupJid, jidToAddress, personJid } from './whatsapp-address.js';
import { baileysSocketFactory, type SocketFactory, type WhatsappSocket } from './whatsapp-socket.js';
import { acksOfReceipts, acksOfUpdates, callStatusOf } from './whatsapp-updates.js';
import { defaultCallRejection } from './call-rejection.js';

/** Schedules fn after ms; returns a canceller. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

/**
 * Optional container binding: session options (a socket factory, a media downloader...) for tests or tuning. A
 * registered symbol, so that a test binding it from the plugin's source reaches the copy core's loader imported.
 */
export const WhatsappSessionOptions = Symbol.for('switchboard.whatsapp.WhatsappSessionOptions');
export interface WhatsappSessionOptions {
  socketFactory?: SocketFactory;
  /** Media downloader; by default Baileys' downloadMediaMessage on the live socket. */
  download?: MediaDownloader;
  backoff?: BackoffOptions;
  schedule?: Scheduler;
}

const defaultSchedule: Scheduler = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

const SENT_IDS_KEPT = 2000;

/** One WhatsApp account on Baileys: connects, reports status, hands inbound events to core, sends. */
export class WhatsappSession implements ChannelSession {
  private socket: WhatsappSocket | undefined;
  private auth: StoreAuthState | undefined;
  private readonly backoff: ReconnectBackoff;
  private readonly factory: SocketFactory;
  private readonly schedule: Scheduler;
  private readonly mapper: InboundMessageMapper;
  private cancelReconnect: (() => void) | undefined;
  /** Bumped by start/stop so events of an old socket are ignored. */
  private generation = 0;
  private running = false;
  /** The tail of the event-handling chain. */
  private pending: Promise<void> = Promise.resolve();
  private qrShown = false;
  private pairingRequested = false;
  private readonly groupSubjects = new Map<string, string>();
  /** Ids of messages this session sent, to address reactions to them rightly. */
  private readonly sentIds = new Set<string>();
  private readonly sent: SentMessages;
  /** The connection's history import, when it asks for one. */
  readonly history: HistoryImport | undefined;

  constructor(
    private readonly ctx: ChannelSessionContext,
    options: WhatsappSessionOptions = {},
  ) {
    this.factory = options.socketFactory ?? baileysSocketFactory;
    this.schedule = options.schedule ?? defaultSchedule;
    this.backoff = new ReconnectBackoff(options.backoff);
    const download: MediaDownloader =
      options.download ??
      ((message) => {
        const socket = this.requireSocket();
        return downloadMediaMessage(
          message,
          'buffer',
          {},
          {
            logger: baileysLogger(this.ctx.log),
            reuploadRequest: (m) => socket.updateMediaMessage(m),
          },
        );
      });
    this.mapper = new InboundMessageMapper({
      download,
      log: ctx.log,
      resolveLid: (lid) => this.resolveLid(lid),
      groupSubject: (jid) => this.groupSubject(jid),
    });
    this.sent = new SentMessages(ctx.store);
    this.history = ctx.historyImport
      ? new HistoryImport({ request: ctx.historyImport, ctx, mapper: this.mapper, schedule: this.schedule })
      : undefined;
  }

  async start(): Promise<void> {
    this.clearReconnect();
    this.closeSocket();
    this.running = true;
    this.backoff.reset();
    await this.ctx.setStatus('OPENING');
    await this.connect();
  }

  async stop(options: { logout: boolean }): Promise<void> {
    const wasRunning = this.running || !!this.socket;
    this.running = false;
    this.generation += 1;
    this.clearReconnect();
    this.history?.pause();
    const socket = this.socket;
    this.socket = undefined;
    if (socket && options.logout)
      await socket.logout().catch((error) => this.ctx.log.warn('whatsapp: logout failed', { error: String(error) }));
    if (socket) this.endSocket(socket);
    if (options.logout) await this.clearAuth();
    if (wasRunning) await this.ctx.setStatus('DISCONNECTED');
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    const jid = addressToJid(message.to.address);
    const { content, options } = outboundContent(message, jid);
    const sent = await this.requireSocket().sendMessage(jid, content, options);
    const externalId = sent?.key.id;
    if (!externalId) throw new Error('WhatsApp did not return an id for the sent message');
    this.rememberSent(externalId);
    if (sent.message) await this.sent.keep(externalId, sent.message);
    return { externalId };
  }

  async edit(externalId: string, body: string, to: ContactRef): Promise<void> {
    const jid = addressToJid(to.address);
    await this.requireSocket().sendMessage(jid, { text: body, edit: this.key(jid, externalId, true) });
  }

  async remove(externalId: string, to: ContactRef): Promise<void> {
    const jid = addressToJid(to.address);
    await this.requireSocket().sendMessage(jid, { delete: this.key(jid, externalId, true) });
  }

  async react(externalId: string, emoji: string, to: ContactRef): Promise<{ externalId: string }> {
    const jid = addressToJid(to.address);
    const key = this.key(jid, externalId, this.sentIds.has(externalId));
    const sent = await this.requireSocket().sendMessage(jid, { react: { text: emoji, key } });
    const id = sent?.key.id;
    if (!id) throw new Error('WhatsApp did not return an id for the reaction');
    return { externalId: id };
  }

  async markRead(externalIds: string[], to: ContactRef): Promise<void> {
    const jid = addressToJid(to.address);
    await this.requireSocket().readMessages(externalIds.map((id) => this.key(jid, id, false)));
  }

  async sendPresence(to: ContactRef, presence: 'composing' | 'recording' | 'paused'): Promise<void> {
    await this.requireSocket().sendPresenceUpdate(presence, addressToJid(to.address));
  }

  async checkNumber(number: string): Promise<{ exists: boolean; address?: string }> {
    const digits = number.replace(/\D/g, '');
    const [result] = (await this.requireSocket().onWhatsApp(digits)) ?? [];
    if (!result?.exists) return { exists: false };
    return { exists: true, address: jidToAddress(result.jid) };
  }

  async profilePicture(address: string): Promise<string | undefined> {
    return this.requireSocket()
      .profilePictureUrl(addressToJid(address), 'image')
      .catch(() => undefined);
  }

  private key(remoteJid: string, id: string, fromMe: boolean): WAMessageKey {
    return { remoteJid, id, fromMe };
  }

  private rememberSent(id: string): void {
    this.sentIds.add(id);
    if (this.sentIds.size > SENT_IDS_KEPT) this.sentIds.delete(this.sentIds.values().next().value!);
  }

  private requireSocket(): WhatsappSocket {
    if (!this.socket) throw new Error('WhatsApp session is not connected');
    return this.socket;
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.qrShown = false;
    this.pairingRequested = false;
    this.auth = await useStoreAuthState(this.ctx.store);
    if (generation !== this.generation) return;
    const socket = this.factory({
      auth: this.auth.state,
      logger: baileysLogger(this.ctx.log),
      getMessage: (key) => this.sent.find(key.id),
      fullHistory: !!this.history,
    });
    this.socket = socket;
    this.listen(socket, generation);
  }

  private listen(socket: WhatsappSocket, generation: number): void {
    const live = (): boolean => generation === this.generation && this.socket === socket;
    const guard =
      <T extends keyof BaileysEventMap>(event: T, handler: (arg: BaileysEventMap[T]) => Promise<void>) =>
      (arg: BaileysEventMap[T]): void => {
        // One event at a time, in arrival order: a message reaches core before its edit, ack or revoke.
        this.pending = this.pending
          .then(() => (live() ? handler(arg) : undefined))
          .catch((error) => this.ctx.log.error(`whatsapp: ${event} handling failed`, { error: String(error) }));
      };
    const on = <T extends keyof BaileysEventMap>(event: T, handler: (arg: BaileysEventMap[T]) => Promise<void>): void =>
      socket.ev.on(event, guard(event, handler));

    on('creds.update', async () => this.auth?.saveCreds());
    on('connection.update', async (update) => this.onConnectionUpdate(socket, update, generation));
    on('messages.upsert', async ({ messages, type }) => {
      if (type !== 'notify' && type !== 'append') return;
      for (const message of messages) {
        const event = await this.mapper.map(message);
        if (event) await this.ctx.inbound(event);
      }
    });
    on('messages.update', async (updates) => this.forward(acksOfUpdates(updates)));
    on('message-receipt.update', async (receipts) => this.forward(acksOfReceipts(receipts)));
    on('presence.update', async ({ id, presences }) => {
      const jid = isGroupJid(id) ? id : await personJid(id, undefined, (lid) => this.resolveLid(lid));
      for (const data of Object.values(presences)) {
        await this.ctx.inbound({ type: 'presence', chat: this.chatRef(jid), presence: data.lastKnownPresence });
      }
    });
    on('call', async (calls) => {
      for (const call of calls) {
        const status = callStatusOf(call.status);
        if (!status) continue;
        const jid = call.groupJid ?? (await personJid(call.from, call.callerPn, (lid) => this.resolveLid(lid)));
        await this.ctx.inbound({ type: 'call', externalId: call.id, chat: this.chatRef(jid), status });
        if (call.status === 'offer' && !call.isGroup) await this.refuseCallWhenDisabled(socket, call.id, call.from, jid);
      }
    });
    on('messaging-history.set', async (set) => this.history?.receive(set));
    on('groups.update', async (updates) => {
      for (const group of updates) if (group.id && group.subject) this.groupSubjects.set(group.id, group.subject);
    });
  }

  /**
   * With the company's acceptCallWhatsapp off, a call is rejected and the caller told so, with the connection's
   * callRejectionMessage (spec 2 §3).
   */
  private async refuseCallWhenDisabled(socket: WhatsappSocket, callId: string, callFrom: string, jid: string): Promise<void> {
    if ((await this.ctx.companySetting('acceptCallWhatsapp')) !== 'disabled') return;
    try {
      await socket.rejectCall(callId, callFrom);
      const configured = String(this.ctx.connection.settings.callRejectionMessage ?? '').trim();
      const text = configured || defaultCallRejection(await this.ctx.companySetting('customerLanguage'));
      await socket.sendMessage(jid, { text });
    } catch (error) {
      this.ctx.log.warn('whatsapp: could not reject a call', { callId, error: String(error) });
    }
  }

  private chatRef(jid: string): ContactRef {
    return isGroupJid(jid) ? { address: jid, isGroup: true } : { address: jidToAddress(jid) };
  }

  private async resolveLid(lid: string): Promise<string | undefined> {
    return (await this.socket?.signalRepository?.lidMapping?.getPNForLID(lid)) ?? undefined;
  }

  private async forward(events: InboundEvent[]): Promise<void> {
    for (const event of events) await this.ctx.inbound(event);
  }

  private async onConnectionUpdate(
    socket: WhatsappSocket,
    update: BaileysEventMap['connection.update'],
    generation: number,
  ): Promise<void> {
    if (update.qr) {
      this.qrShown = true;
      const pairingNumber = String(this.ctx.connection.settings.pairingNumber ?? '').replace(/\D/g, '');
      if (pairingNumber && !this.pairingRequested) {
        this.pairingRequested = true;
        const code = await socket.requestPairingCode(pairingNumber);
        await this.ctx.setStatus('PAIRING', { qrcode: code });
      } else if (!pairingNumber) {
        await this.ctx.setStatus('qrcode', { qrcode: update.qr });
      }
    }
    if (update.connection === 'open') {
      this.backoff.reset();
      this.qrShown = false;
      const number = socket.user?.id ? jidToAddress(socket.user.id) : undefined;
      await this.ctx.setStatus('CONNECTED', number ? { number } : undefined);
      this.history?.begin();
      await this.sent.prune().catch((error) => this.ctx.log.warn('whatsapp: pruning sent messages failed', { error: String(error) }));
    }
    if (update.connection === 'close') await this.onClose(socket, update, generation);
  }

  private async onClose(socket: WhatsappSocket, update: BaileysEventMap['connection.update'], generation: number): Promise<void> {
    this.socket = undefined;
    this.history?.pause();
    this.endSocket(socket);
    const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
    const code = error?.output?.statusCode;
    if (code === DisconnectReason.loggedOut) {
      this.running = false;
      await this.clearAuth();
      await this.ctx.setStatus('DISCONNECTED');
      return;
    }
    if (code === DisconnectReason.timedOut && this.qrShown) {
      this.running = false;
      await this.ctx.setStatus('TIMEOUT');
      return;
    }
    await this.ctx.setStatus('DISCONNECTED');
    if (!this.running || generation !== this.generation) return;
    // After pairing WhatsApp asks for an immediate restart; anything else waits a growing delay.
    const delay = code === DisconnectReason.restartRequired ? 0 : this.backoff.next();
    this.ctx.log.info('whatsapp: reconnecting', { code, delay });
    this.cancelReconnect = this.schedule(() => {
      this.cancelReconnect = undefined;
      if (!this.running || generation !== this.generation) return;
      this.ctx
        .setStatus('OPENING')
        .then(() => this.connect())
        .catch((e) => this.ctx.log.error('whatsapp: reconnect failed', { error: String(e) }));
    }, delay);
  }

  private async groupSubject(jid: string): Promise<string | undefined> {
    const known = this.groupSubjects.get(jid);
    if (known) return known;
    const subject = (await this.socket?.groupMetadata(jid).catch(() => undefined))?.subject;
    if (subject) this.groupSubjects.set(jid, subject);
    return subject;
  }

  private async clearAuth(): Promise<void> {
    if (this.auth) await this.auth.clear();
    else await this.ctx.store.clear();
    this.auth = undefined;
    // A new pairing gets the history again: its import starts afresh.
    this.history?.reset();
  }

  private clearReconnect(): void {
    this.cancelReconnect?.();
    this.cancelReconnect = undefined;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.generation += 1;
    if (socket) this.endSocket(socket);
  }

  private endSocket(socket: WhatsappSocket): void {
    try {
      const ended = socket.end(undefined);
      if (ended) ended.catch(() => undefined);
    } catch {
      // already closed
    }
  }
}
