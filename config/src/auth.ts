import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const authVariables = {
  appSecret: variable({
    env: 'APP_SECRET',
    doc: 'The one secret (32 characters or more) from which signing and encryption keys are derived. Required in scaled mode; embedded mode generates one into DATA_DIR/secret.',
    schema: yup.string().min(32, 'must be at least 32 characters long').optional(),
  }),
  accessTokenTtl: variable({
    env: 'ACCESS_TOKEN_TTL',
    doc: 'Lifetime of an access token in seconds.',
    defaultText: '900',
    schema: yup.number().integer().min(10).default(900).typeError('must be a number of seconds'),
  }),
  refreshTokenTtl: variable({
    env: 'REFRESH_TOKEN_TTL',
    doc: 'Lifetime of a refresh token (cookie) in seconds.',
    defaultText: '604800',
    schema: yup.number().integer().min(60).default(604800).typeError('must be a number of seconds'),
  }),
  trialDays: variable({
    env: 'TRIAL_DAYS',
    doc: 'Days of trial a company created by sign-up gets before its first due date.',
    defaultText: '7',
    schema: yup.number().integer().min(0).max(365).default(7).typeError('must be a whole number of days'),
  }),
};

export interface AuthConfig {
  appSecret?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  trialDays: number;
}

export function loadAuthConfig(env: NodeJS.ProcessEnv): AuthConfig {
  return {
    appSecret: readVariable(authVariables.appSecret, env) as string | undefined,
    accessTokenTtl: readVariable(authVariables.accessTokenTtl, env) as number,
    refreshTokenTtl: readVariable(authVariables.refreshTokenTtl, env) as number,
    trialDays: readVariable(authVariables.trialDays, env) as number,
  };
}
