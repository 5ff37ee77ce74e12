import * as yup from 'yup';

/** One environment variable: its schema, default and a line of documentation, kept together. */
export interface ConfigVariable<T> {
  readonly env: string;
  readonly doc: string;
  /** Shown in the configuration table; undefined means "no default". */
  readonly defaultText?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly schema: yup.Schema<T, any, any, any>;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

export function variable<T>(spec: ConfigVariable<T>): ConfigVariable<T> {
  return spec;
}

/** Reads one variable from the environment; an empty string counts as unset. */
export function readVariable<T>(spec: ConfigVariable<T>, env: NodeJS.ProcessEnv): T {
  const raw = env[spec.env];
  const value = raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  try {
    return spec.schema.validateSync(value, { strict: false });
  } catch (error) {
    const reason = error instanceof yup.ValidationError ? error.errors.join('; ') : String(error);
    throw new ConfigError(spec.env, reason.replace(/^this /, '').replace(/^value /, ''));
  }
}
