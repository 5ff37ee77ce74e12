// What the Facebook and Instagram channel plugins share. A library, not a plugin: it has no `switchboard` manifest
// and its name is not @switchboard/plugin-*, so the plugin loader never loads it on its own.
export { MetaChannel, pageSettings } from './meta-channel.js';
export { MetaSession, ERR_OUTSIDE_REPLY_WINDOW, messengerClientOf } from './meta-session.js';
export { MessengerSendClient, type MessengerProfile, type MetaChannelName } from './messenger-client.js';
export { connectionsFromLogin } from './meta-login.js';
export { metaApp, type MetaApp } from './meta-app.js';
export { metaSettings, type MetaSettings } from './meta-settings.js';
export { GRAPH_VERSION, GraphApiError, GraphClient, graphOrigin } from './graph-api.js';
export { REPLY_WINDOW_HOURS, insideReplyWindow, lastInbound } from './reply-window.js';
export { signBody, verifySignature } from './webhook-signature.js';
export { handleWebhookPayload, type WebhookPayload } from './webhook-events.js';
