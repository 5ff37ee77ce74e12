import makeWASocket, {
  Browsers,
  makeCacheableSignalKeyStore,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
  type proto,
} from '@whiskeysockets/baileys';

/** The part of Baileys' event emitter the session listens on. */
export interface WhatsappEvents {
  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
  removeAllListeners<T extends keyof BaileysEventMap>(event: T): void;
}

/** The part of a Baileys socket (WASocket) the session uses; tests hand in a fake with the same shape. */
export interface WhatsappSocket {
  ev: WhatsappEvents;
  user?: { id: string; name?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image'): Promise<string | undefined>;
  groupMetadata(jid: string): Promise<{ subject: string }>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
}

/** Baileys' logger shape (pino-like). */
export type BaileysLogger = NonNullable<Parameters<typeof makeCacheableSignalKeyStore>[1]>;

export interface SocketFactoryOptions {
  auth: AuthenticationState;
  logger: BaileysLogger;
  /** A message this connection sent, for WhatsApp's retry requests (a recipient that could not decrypt it). */
  getMessage: (key: WAMessageKey) => Promise<proto.IMessage | undefined>;
  /** Ask the phone for the account's full history at pairing (the connection imports its history). */
  fullHistory?: boolean;
}

/** Opens a socket: makeWASocket in production, a fake in tests. */
export type SocketFactory = (options: SocketFactoryOptions) => WhatsappSocket;

/** The production factory: a Baileys socket with keys cached in memory in front of the store. */
export const baileysSocketFactory: SocketFactory = ({ auth, logger, getMessage, fullHistory }) =>
  makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    // The phone sends its full history only to a companion that pairs as a desktop app asking for it.
    browser: fullHistory ? Browsers.macOS('Desktop') : Browsers.ubuntu('Switchboard'),
    markOnlineOnConnect: false,
    syncFullHistory: Boolean(fullHistory),
    // Baileys skips FULL history chunks by default; an import wants every chunk.
    ...(fullHistory ? { shouldSyncHistoryMessage: () => true } : {}),
    getMessage,
  });
