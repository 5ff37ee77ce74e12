import { describeChannelConformance } from '@switchboard/sdk/testing';
import { connectionFor, MetaPeer, startMetaHarness, type MetaHarness } from '../../../meta-graph/src/testing/meta-harness.js';
import instagramModule from '../instagram-backend-module.js';

let harness: MetaHarness;

describeChannelConformance({
  name: 'instagram',
  connection: connectionFor('instagram'),
  peer: async ({ connection, context }) => {
    harness = await startMetaHarness([instagramModule], [connection]);
    // Core's host and the session's context reach the same rows and the same pipeline.
    harness.host.useStore(connection, context.store);
    harness.host.onInbound = (_connection, event) => context.inbound(event);
    return new MetaPeer(harness, connection);
  },
  contribution: () => harness.contribution('instagram'),
});
