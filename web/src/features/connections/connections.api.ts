import { api } from '../../app/api';
import { realtime } from '../../app/realtime';

export type ConnectionStatus = 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'TIMEOUT' | string;

export interface Connection {
  id: number;
  name: string;
  channel: string;
  status: ConnectionStatus;
  isDefault: boolean;
  [field: string]: unknown;
}

/** Socket `whatsapp`: a connection saved or removed by someone. */
type ConnectionEvent = { action: 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };
/** Socket `whatsappSession`: a session changed state (QR code, connected, disconnected...). */
type SessionEvent = { action: 'update'; session: { id: number; status: ConnectionStatus; qrcode?: string; number?: string } };

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp: the company's connections (filters, the menu badge), kept current by the socket. */
    listConnections: build.query<Connection[], void>({
      query: () => 'whatsapp',
      providesTags: ['Connection'],
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const offConnection = realtime.on('whatsapp', (event: ConnectionEvent) =>
          updateCachedData((connections) => {
            if (event.action === 'delete') return connections.filter((connection) => connection.id !== event.whatsappId);
            if (event.action !== 'update' || !event.whatsapp) return;
            const index = connections.findIndex((connection) => connection.id === event.whatsapp.id);
            if (index >= 0) connections[index] = { ...connections[index], ...event.whatsapp };
            else connections.push(event.whatsapp);
          }),
        );
        const offSession = realtime.on('whatsappSession', (event: SessionEvent) =>
          updateCachedData((connections) => {
            const connection = event.action === 'update' ? connections.find((c) => c.id === event.session?.id) : undefined;
            if (!connection) return;
            connection.status = event.session.status;
            if (event.session.qrcode !== undefined) connection.qrcode = event.session.qrcode;
          }),
        );
        await cacheEntryRemoved;
        offConnection();
        offSession();
      },
    }),
  }),
});

export const { useListConnectionsQuery } = connectionsApi;
