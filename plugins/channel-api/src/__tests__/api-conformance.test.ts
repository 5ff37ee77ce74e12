import { describeChannelConformance } from '@switchboard/sdk/testing';
import { ApiHarness, ApiPeer, apiConnection, SECRET, TOKEN } from './api-harness.js';

let harness: ApiHarness;

describeChannelConformance({
  name: 'api',
  // The webhook's port is known only once the fake starts: peer() puts it into the connection.
  connection: { token: TOKEN, settings: { webhookSecret: SECRET } },
  peer: async ({ connection, context }) => {
    harness = await new ApiHarness().start((webhookUrl) => {
      connection.settings = apiConnection(webhookUrl).settings;
      return [connection];
    });
    // Core's host and the session's context reach the same pipeline.
    harness.host.onInbound = (_connection, event) => context.inbound(event);
    return new ApiPeer(harness);
  },
  contribution: () => harness.contribution,
});
