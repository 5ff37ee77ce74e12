import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const adminVariables = {
  email: variable({
    env: 'ADMIN_EMAIL',
    doc: 'E-mail of the super admin created on first start.',
    defaultText: 'admin@switchboard.local',
    schema: yup.string().email('must be an e-mail address').default('admin@switchboard.local'),
  }),
  password: variable({
    env: 'ADMIN_PASSWORD',
    doc: 'Password of the super admin created on first start. Unset: a random one is printed once on the console.',
    schema: yup.string().min(8, 'must be at least 8 characters long').optional(),
  }),
};

export interface AdminSeedConfig {
  email: string;
  password?: string;
}

export function loadAdminSeedConfig(env: NodeJS.ProcessEnv): AdminSeedConfig {
  return {
    email: (readVariable(adminVariables.email, env) as string).toLowerCase(),
    password: readVariable(adminVariables.password, env) as string | undefined,
  };
}
