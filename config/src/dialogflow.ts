import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

const dialogflowDefault = 'https://dialogflow.googleapis.com';

export const dialogflowVariables = {
  apiUrl: variable({
    env: 'DIALOGFLOW_API_URL',
    doc: "Dialogflow ES API address the dialogflow queue integrations call (detect intent, over REST); the service account's project is in the path.",
    defaultText: dialogflowDefault,
    schema: yup
      .string()
      .matches(/^https?:\/\/[^/\s?#]+\/?$/, 'must be an http(s) origin, such as https://dialogflow.googleapis.com')
      .default(dialogflowDefault),
  }),
};

export interface DialogflowConfig {
  /** An origin, without a trailing slash. */
  apiUrl: string;
}

export function loadDialogflowConfig(env: NodeJS.ProcessEnv = process.env): DialogflowConfig {
  return { apiUrl: (readVariable(dialogflowVariables.apiUrl, env) as string).replace(/\/+$/, '') };
}
