/** Shared domain vocabulary of core, web and plugins. */
export type Profile = 'admin' | 'supervisor' | 'user';
export type TicketStatus = 'open' | 'pending' | 'closed' | 'group';
export type ConnectionStatus = 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'TIMEOUT';
export type ChannelName = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'webchat' | (string & {});
