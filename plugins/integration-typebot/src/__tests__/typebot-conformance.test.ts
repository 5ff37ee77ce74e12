import { describeIntegrationConformance } from '@switchboard/sdk/testing';
import { TypebotIntegration } from '../typebot-integration.js';
import { startFakeTypebot, typebotConfig } from './support-flow.js';

describeIntegrationConformance('typebot', async () => {
  const fake = await startFakeTypebot();
  const config = typebotConfig(fake);
  return {
    contribution: new TypebotIntegration(),
    config,
    badConfig: { ...config, typebotSlug: 'no-such-bot' },
    firstMessage: 'Hi',
    breakUpstream: () => fake.close(),
    dispose: () => fake.close(),
  };
});
