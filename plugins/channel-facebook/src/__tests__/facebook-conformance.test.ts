import { describeChannelConformance } from '@switchboard/sdk/testing';
import { connectionFor, MetaPeer, startMetaHarness, type MetaHarness } from '../../../meta-graph/src/testing/meta-harness.js';
import facebookModule from '../facebook-backend-module.js';

let harness: MetaHarness;

describeChannelConformance({
  name: 'facebook',
  connection: connectionFor('facebook'),
  peer: async ({ connection, context }) => {
    harness = await startMetaHarness([facebookModule], [connection]);
    // Core's host and the session's context reach the same rows and the same pipeline.
    harness.host.useStore(connection, context.store);
    harness.host.onInbound = (_connection, event) => context.inbound(event);
    return new MetaPeer(harness, connection);
  },
  contribution: () => harness.contribution('facebook'),
});
