import { api } from '../../app/api';

export type ConnectionStatus = 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'TIMEOUT' | string;

export interface Connection {
  id: number;
  name: string;
  channel: string;
  status: ConnectionStatus;
  isDefault: boolean;
  [field: string]: unknown;
}

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp: the company's connections (filters, the menu badge). */
    listConnections: build.query<Connection[], void>({ query: () => 'whatsapp', providesTags: ['Connection'] }),
  }),
});

export const { useListConnectionsQuery } = connectionsApi;
