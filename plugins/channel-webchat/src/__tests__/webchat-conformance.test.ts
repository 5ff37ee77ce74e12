import { describeChannelConformance } from '@switchboard/sdk/testing';
import { startWebchatHarness, WebchatVisitorPeer, type WebchatHarness } from './webchat-harness.js';

let harness: WebchatHarness;

describeChannelConformance({
  name: 'webchat',
  connection: {
    id: 7,
    companyId: 3,
    channel: 'webchat',
    token: 'WCCONFORMANCEAPITOKEN000000000',
    publicId: 'wc-conformance',
    settings: { title: 'Conformance' },
  },
  peer: async ({ connection, context }) => {
    harness = await startWebchatHarness([connection]);
    // Core's host and the session's context reach the same rows and the same pipeline.
    harness.host.useStore(connection, context.store);
    harness.host.onInbound = (_connection, event) => context.inbound(event);
    return new WebchatVisitorPeer(harness, connection.publicId!);
  },
  contribution: () => harness.contribution,
});
