import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const pluginVariables = {
  plugins: variable({
    env: 'PLUGINS',
    doc: 'Comma-separated extra plugin package names to load, beyond the workspace plugins and installed @switchboard/plugin-* or switchboard-plugin-* packages.',
    defaultText: '(none)',
    schema: yup
      .string()
      .matches(/^[@a-z0-9._/-]+(\s*,\s*[@a-z0-9._/-]+)*$/i, 'must be a comma-separated list of package names')
      .optional(),
  }),
};

export interface PluginsConfig {
  extra: string[];
}

export function loadPluginsConfig(env: NodeJS.ProcessEnv): PluginsConfig {
  const raw = readVariable(pluginVariables.plugins, env) as string | undefined;
  return {
    extra: raw
      ? raw
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [],
  };
}
