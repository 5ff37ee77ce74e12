import { describeChannelConformance } from '@switchboard/sdk/testing';
import { connectionFor, MetaPeer, startFacebookHarness, type FacebookHarness } from './facebook-harness.js';

for (const channel of ['facebook', 'instagram'] as const) {
  let harness: FacebookHarness;

  describeChannelConformance({
    name: channel,
    connection: connectionFor(channel),
    peer: async ({ connection, context }) => {
      harness = await startFacebookHarness([connection]);
      // Core's host and the session's context reach the same rows and the same pipeline.
      harness.host.useStore(connection, context.store);
      harness.host.onInbound = (_connection, event) => context.inbound(event);
      return new MetaPeer(harness, connection);
    },
    contribution: () => harness.contribution(channel),
  });
}
