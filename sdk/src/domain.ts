/** Shared domain vocabulary of core, web and plugins. */
export type Profile = 'admin' | 'supervisor' | 'user';
export type TicketStatus = 'open' | 'pending' | 'closed' | 'group';
export type ConnectionStatus = 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'TIMEOUT';
export type ChannelName = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'webchat' | (string & {});

/** Spec 1 §3 message media types. */
export type MediaType =
  'chat' | 'image' | 'audio' | 'video' | 'application' | 'locationMessage' | 'contactMessage' | 'reactionMessage' | 'call_log' | 'others';

/** Delivery mark: 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 played. */
export type Ack = 0 | 1 | 2 | 3 | 4;
