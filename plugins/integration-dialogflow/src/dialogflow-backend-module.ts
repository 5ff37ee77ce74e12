import { SwitchboardConfig } from '@switchboard/config';
import { ContainerModule, IntegrationContribution } from '@switchboard/sdk';
import { DialogflowIntegration } from './dialogflow-integration.js';

export { DialogflowIntegration, DIALOGFLOW_TYPE, type DialogflowSessionState } from './dialogflow-integration.js';
export { DialogflowUpstreamError } from './dialogflow-sessions.js';
export { DialogflowSettingsError, DIALOGFLOW_LANGUAGES } from './dialogflow-settings.js';
export { VoiceNoteFormatError } from './voice-note.js';

/** The Dialogflow plugin: binds the 'dialogflow' IntegrationContribution that answers through a Dialogflow ES agent. */
export default new ContainerModule((bind) => {
  bind(IntegrationContribution)
    .toDynamicValue((context) => new DialogflowIntegration(context.container.get<SwitchboardConfig>(SwitchboardConfig).dialogflow))
    .inSingletonScope();
});
