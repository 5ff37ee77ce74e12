import { describeIntegrationConformance } from '@switchboard/sdk/testing';
import { startFakeUpstreams } from './fake-upstreams.js';
import { integrationFor, promptConfig } from './harness.js';

describeIntegrationConformance('openai', async () => {
  const fake = await startFakeUpstreams();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await fake.close();
  };
  return {
    contribution: integrationFor(fake),
    config: promptConfig(fake, { voice: 'Francisca', voiceKey: fake.speechKey, voiceRegion: 'brazilsouth' }),
    badConfig: promptConfig(fake, { apiKey: 'sk-wrong-key-9999' }),
    firstMessage: 'Olá, vocês abrem no sábado?',
    breakUpstream: close,
    dispose: close,
  };
});
