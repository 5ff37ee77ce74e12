import { describeIntegrationConformance } from '@switchboard/sdk/testing';
import { fakeServiceAccount } from './fake-dialogflow.js';
import { PROJECT_ID, startSupportAgent } from './support-agent.js';

describeIntegrationConformance('dialogflow', async () => {
  const { fake, integration, config } = await startSupportAgent();
  return {
    contribution: integration,
    config,
    // Another key of the same name: Google does not know it (a revoked or foreign key).
    badConfig: { ...config, jsonContent: fakeServiceAccount(PROJECT_ID).jsonContent },
    firstMessage: 'Oi',
    breakUpstream: () => fake.close(),
    dispose: () => fake.close(),
  };
});
