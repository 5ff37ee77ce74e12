import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { IMPORT_FINISHED } from './connection-status';
import type {
  ConnectionStatus,
  ImportProgress,
  Connection,
  ChannelSettingField,
  ConnectionEvent,
  ConnectionSessionEvent as SessionEvent,
  ImportMessagesEvent as ImportEvent,
} from '@switchboard/sdk/contracts';

export type { ConnectionStatus, ImportProgress, Connection, ChannelSettingField };

/** A channel plugin as GET /plugins describes it. */
export interface ChannelPlugin {
  channel: string;
  description: {
    name: string;
    icon?: string;
    settings: ChannelSettingField[];
    capabilities?: { qrcode?: boolean; externalApi?: boolean; replyWindowHours?: number };
    /** The company plan flag the channel needs (useWhatsapp, useFacebook, ...); unset: none. */
    planFlag?: string;
  };
  /** The outside sign-in the server is set up for (the Facebook login's Meta app id); absent otherwise. */
  signIn?: { provider: string; appId: string };
  /** The channel lists approved message templates, which may still be sent once its reply window has closed. */
  templates?: boolean;
}

/** The body of POST and PUT /whatsapp (spec 2 §7). */
export type ConnectionInput = Record<string, unknown> & { name: string };

export type SessionAction = 'start' | 'newQr' | 'disconnect';
/** The session routes: try again, new QR code and disconnect (spec 2 §7). */
const SESSION_METHODS: Record<SessionAction, string> = { start: 'POST', newQr: 'PUT', disconnect: 'DELETE' };

/**
 * Which connections an import progress event is about: the one it names, else (an event without the id) every
 * connection with an import under way.
 */
function importTargets(connections: Connection[], whatsappId: number | undefined): Connection[] {
  if (whatsappId !== undefined) return connections.filter((connection) => connection.id === whatsappId);
  return connections.filter((connection) => connection.importOldMessages && connection.statusImportMessages !== IMPORT_FINISHED);
}

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp: the company's connections (the page, filters, the menu badge), kept current by the socket. */
    listConnections: build.query<Connection[], void>({
      query: () => 'whatsapp',
      providesTags: ['Connection'],
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch }) {
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
            connection.updatedAt = new Date().toISOString();
            if (event.session.qrcode !== undefined) connection.qrcode = event.session.qrcode;
            if (event.session.number) connection.number = event.session.number;
          }),
        );
        const offImport = realtime.on('importMessages', (event: ImportEvent) => {
          if (event.action === 'refresh') {
            dispatch(api.util.invalidateTags(['Connection']));
            return;
          }
          if (event.action !== 'update' || !event.status) return;
          updateCachedData((connections) => {
            for (const connection of importTargets(connections, event.whatsappId)) connection.importProgress = event.status;
          });
        });
        await cacheEntryRemoved;
        offConnection();
        offSession();
        offImport();
      },
    }),
    /** GET /whatsapp/:id: one connection with its schedules, qrcode and token in clear. */
    connection: build.query<Connection, number>({
      query: (id) => `whatsapp/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Connection', id }],
    }),
    createConnection: build.mutation<Connection, ConnectionInput>({
      query: (body) => ({ url: 'whatsapp', method: 'POST', body }),
      invalidatesTags: ['Connection'],
    }),
    updateConnection: build.mutation<Connection, Partial<ConnectionInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `whatsapp/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Connection'],
    }),
    deleteConnection: build.mutation<void, number>({
      query: (id) => ({ url: `whatsapp/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connection'],
    }),
    /**
     * Changes made from the open dialog (the greeting's image or video, spec 2 §9; a new token) invalidate nothing:
     * a refetch would reset the form being edited, and the `whatsapp` event brings the list up to date.
     */
    uploadGreetingMedia: build.mutation<Connection, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `whatsapp/${id}/media-upload`, method: 'POST', body: form };
      },
    }),
    removeGreetingMedia: build.mutation<Connection, number>({
      query: (id) => ({ url: `whatsapp/${id}/media-upload`, method: 'DELETE' }),
    }),
    /** PUT /whatsapp/:id with regenerateToken: answers the new token, once (spec 2 §9). */
    regenerateConnectionToken: build.mutation<Connection, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `whatsapp/${id}`, method: 'PUT', body: { name, regenerateToken: true } }),
    }),
    /** The state arrives by the `whatsappSession` event; the list is not refetched. */
    connectionSession: build.mutation<{ message: string }, { id: number; action: SessionAction }>({
      query: ({ id, action }) => ({ url: `whatsappsession/${id}`, method: SESSION_METHODS[action] }),
    }),
    restartConnections: build.mutation<{ message: string }, void>({
      query: () => ({ url: 'whatsapp-restart', method: 'POST' }),
    }),
    closeImportedTickets: build.mutation<{ count: number }, number>({
      query: (id) => ({ url: `closedimported/${id}`, method: 'POST' }),
      invalidatesTags: ['Connection', 'Ticket'],
    }),
    /** POST /facebook: the pages of a Facebook login (and their Instagram accounts) become connections. */
    facebookLogin: build.mutation<Connection[], { facebookUserId: string; facebookUserToken: string; addInstagram: boolean }>({
      query: (body) => ({ url: 'facebook', method: 'POST', body }),
      invalidatesTags: ['Connection'],
    }),
    /** GET /companySettingOne?column=scheduleType: 'connection' shows the dialog's schedules tab. */
    companyScheduleType: build.query<string | null, void>({
      query: () => ({ url: 'companySettingOne', params: { column: 'scheduleType' } }),
      transformResponse: (answer: { value?: string | null }) => answer?.value ?? null,
      providesTags: ['Setting'],
    }),
  }),
});

export const {
  useListConnectionsQuery,
  useConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useUploadGreetingMediaMutation,
  useRemoveGreetingMediaMutation,
  useRegenerateConnectionTokenMutation,
  useConnectionSessionMutation,
  useRestartConnectionsMutation,
  useCloseImportedTicketsMutation,
  useFacebookLoginMutation,
  useCompanyScheduleTypeQuery,
} = connectionsApi;
