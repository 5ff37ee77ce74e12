import { describeChannelConformance } from '@switchboard/sdk/testing';
import { cloudConnection, CloudPeer, startCloudHarness, type CloudHarness } from './cloud-harness.js';

let harness: CloudHarness;

describeChannelConformance({
  name: 'whatsappapi',
  connection: cloudConnection(),
  peer: async ({ connection, context }) => {
    harness = await startCloudHarness([connection]);
    // Core's host and the session's context reach the same rows and the same pipeline.
    harness.host.useStore(connection, context.store);
    harness.host.onInbound = (_connection, event) => context.inbound(event);
    return new CloudPeer(harness);
  },
  contribution: () => harness.contribution,
});
