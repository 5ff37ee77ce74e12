import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, type Access } from '../../platform/http/access.js';
import { idParam, validate } from '../../platform/http/validation.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { createConnectionSchema, facebookLoginSchema, updateConnectionSchema } from './connections.schema.js';
import { ConnectionsService } from './connections.service.js';

/** Spec 2 §2: admins, or users with allowConnections. */
const manageConnections: Access = { profiles: ['admin'], orPermission: 'allowConnections' };
const manageFacebook: Access = { profiles: ['admin'], orPermission: 'allowConnections', planFlag: 'useFacebook' };
const NOT_FOUND = 'ERR_NO_WAPP_FOUND';
/** The greeting's image or video (spec 2 §9). */
const GREETING_MEDIA_MAX_BYTES = 50 * 1024 * 1024;

@injectable()
export class ConnectionsRoutes implements RouteContribution {
  readonly area = 'connections';

  constructor(
    @inject(ConnectionsService) private readonly connections: ConnectionsService,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
  ) {}

  register(api: ApiRouter): void {
    const id = (params: Record<string, string>) => idParam(params.id, NOT_FOUND);

    // ?session=0 is accepted and changes nothing: the list never carries sessions.
    api.get('/whatsapp', signedIn, ({ auth }) => this.connections.list({ auth }));
    api.get('/whatsapp/:id', manageConnections, ({ auth, params }) => this.connections.show({ auth, id: id(params) }));
    api.post(
      '/whatsapp',
      manageConnections,
      async ({ auth, body }) => this.connections.create({ auth, input: await validate(createConnectionSchema, body) }),
      { status: 201 },
    );
    api.put('/whatsapp/:id', manageConnections, async ({ auth, params, body }) =>
      this.connections.update({ auth, id: id(params), input: await validate(updateConnectionSchema, body) }),
    );
    api.delete('/whatsapp/:id', manageConnections, ({ auth, params }) => this.connections.remove({ auth, id: id(params) }));

    api.post(
      '/whatsapp/:id/media-upload',
      manageConnections,
      ({ auth, params, files }) =>
        this.connections.uploadMedia({ auth, id: id(params), file: files.find((file) => file.fieldname === 'file') }),
      { upload: { fields: ['file'], maxFiles: 1, maxFileBytes: GREETING_MEDIA_MAX_BYTES } },
    );
    api.delete('/whatsapp/:id/media-upload', manageConnections, ({ auth, params }) =>
      this.connections.removeMedia({ auth, id: id(params) }),
    );

    api.post('/whatsappsession/:id', manageConnections, ({ auth, params }) =>
      this.connections.session({ auth, id: id(params), action: 'start' }),
    );
    api.put('/whatsappsession/:id', manageConnections, ({ auth, params }) =>
      this.connections.session({ auth, id: id(params), action: 'newQr' }),
    );
    api.delete('/whatsappsession/:id', manageConnections, ({ auth, params }) =>
      this.connections.session({ auth, id: id(params), action: 'disconnect' }),
    );
    api.post('/whatsapp-restart', manageConnections, ({ auth }) => this.connections.restartAll({ auth }));
    api.post('/closedimported/:id', manageConnections, ({ auth, params }) => this.connections.closeImported({ auth, id: id(params) }));

    // The Facebook login button: the user's pages become connections (spec 2 §7).
    api.post(
      '/facebook',
      manageFacebook,
      async ({ auth, body }) => this.connections.provision({ auth, channel: 'facebook', input: await validate(facebookLoginSchema, body) }),
      { status: 201 },
    );

    // What the web builds its channel menus and forms from (DESIGN §3).
    api.get('/plugins', signedIn, () => ({
      channels: this.registry.channels.map((channel) => ({
        channel: channel.channel,
        description: channel.description,
        signIn: channel.signIn?.(),
        // Once a reply window has closed, the composer offers templates only for channels that list them.
        templates: typeof channel.templates === 'function',
      })),
      integrations: this.registry.integrations.map((integration) => ({
        type: integration.type,
        description: integration.description,
        // The dialog offers a test button for the types that can check their settings.
        testSession: typeof integration.testSession === 'function',
      })),
      // The payment providers installed, with the settings form of each (the API key and webhook token).
      payments: this.registry.payments.map((payment) => ({ provider: payment.provider, description: payment.description })),
    }));
  }
}
