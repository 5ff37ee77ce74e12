import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const conversationVariables = {
  autoCloseHours: variable({
    env: 'AUTO_CLOSE_HOURS',
    doc: "Hours after our last message without an answer before a ticket closes, for connections whose own expiry is unset (spec 1 §9). 0: only the connections' own.",
    defaultText: '24',
    schema: yup
      .number()
      .typeError('must be a whole number of hours')
      .integer('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .default(24),
  }),
};

export interface ConversationsConfig {
  /** Hours; 0 leaves connections without an expiry of their own open. */
  autoCloseHours: number;
}

export function loadConversationsConfig(env: NodeJS.ProcessEnv = process.env): ConversationsConfig {
  return { autoCloseHours: readVariable(conversationVariables.autoCloseHours, env) as number };
}
