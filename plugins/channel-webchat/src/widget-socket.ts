import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { WIDGET_NAMESPACE } from './webchat-session.js';
import { visitorRoom, VisitorTranscript, type VisitorMeta } from './visitor-transcript.js';

interface WidgetSocketData {
  connection: ConnectionInfo;
  visitor: VisitorMeta;
}

const MAX_READ_IDS = 100;

/**
 * The widget's socket namespace: a visitor connects with auth { widgetId, visitorToken } and joins its room, where agent
 * replies (`message`, `edit`, `delete`) and typing (`typing`) arrive. The visitor may tell `typing` and `read`.
 */
export function attachWidgetNamespace(host: PluginHost, channel: string): void {
  const namespace = host.namespace(WIDGET_NAMESPACE);

  namespace.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      const widgetId = typeof auth.widgetId === 'string' && auth.widgetId.length <= 200 ? auth.widgetId : undefined;
      const connection = widgetId ? await host.findConnectionByPublicId(channel, widgetId) : undefined;
      const visitor = connection
        ? await new VisitorTranscript(host.store(connection), connection.id).authenticate(
            typeof auth.visitorToken === 'string' ? auth.visitorToken : undefined,
          )
        : undefined;
      if (!connection || !visitor) return next(new Error('ERR_SESSION_EXPIRED'));
      const data: WidgetSocketData = { connection, visitor };
      socket.data = data;
      next();
    } catch (error) {
      host.log.warn('webchat socket handshake failed', { error: error instanceof Error ? error.message : String(error) });
      next(new Error('ERR_INTERNAL'));
    }
  });

  namespace.on('connection', (socket) => {
    const { connection, visitor } = socket.data as WidgetSocketData;
    const chat = { address: visitor.id, name: visitor.name, email: visitor.email };
    void socket.join(visitorRoom(connection.id, visitor.id));

    socket.on('typing', (payload: unknown) => {
      const presence = (payload as { presence?: unknown } | undefined)?.presence === 'paused' ? 'paused' : 'composing';
      host.inbound(connection, { type: 'presence', chat, presence }).catch((error: unknown) => {
        host.log.debug('webchat presence not delivered', { error: error instanceof Error ? error.message : String(error) });
      });
    });

    // The visitor has seen agent messages: each becomes a read ack (3) in core, once.
    socket.on('read', (payload: unknown) => {
      const ids = (payload as { ids?: unknown } | undefined)?.ids;
      if (!Array.isArray(ids)) return;
      const transcript = new VisitorTranscript(host.store(connection), connection.id);
      void (async () => {
        for (const id of ids.slice(0, MAX_READ_IDS)) {
          if (typeof id !== 'string' || id.length > 64) continue;
          const entry = await transcript.find(visitor.id, id);
          if (!entry || !entry.fromMe || entry.read) continue;
          await transcript.update(visitor.id, { ...entry, read: true });
          await host.inbound(connection, { type: 'ack', externalId: id, ack: 3 });
        }
      })().catch((error: unknown) => {
        host.log.warn('webchat read ack failed', { error: error instanceof Error ? error.message : String(error) });
      });
    });
  });
}
