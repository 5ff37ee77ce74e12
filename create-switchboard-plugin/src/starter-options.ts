import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** What the starter can write: one template per plugin kind of the sdk's manifest. */
export const PLUGIN_KINDS = ['channel', 'integration', 'payment'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** The sdk release a new plugin is written against, unless --sdk names another range or a local build. */
export const DEFAULT_SDK_SPEC = '^1.0.0';

/** The manifest's id rule (the sdk's validateManifest): the name becomes the plugin's id. */
const PLUGIN_NAME = /^[a-z][a-z0-9-]{1,39}$/;

/** A refusal told to the user in one line, without a stack. */
export class StarterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StarterError';
  }
}

export interface StarterOptions {
  /** The plugin's id, and its channel, integration type or payment provider. */
  name: string;
  kind: PluginKind;
  /** package.json's name: core loads every installed switchboard-plugin-* package. */
  packageName: string;
  /** The generated devDependency on the sdk: a version range, or file:<absolute path> of a tarball or folder. */
  sdkSpec: string;
  /** Absolute path of the folder to write. */
  directory: string;
}

export const USAGE = `Usage: create-switchboard-plugin <name> [--kind channel|integration|payment] [--sdk <range or path>] [--dir <folder>]
   or: npm init switchboard-plugin <name> -- --kind channel|integration|payment

  <name>        2 to 40 lowercase letters, digits or dashes, starting with a letter: the plugin's id
  --kind        what the plugin adds to Switchboard (default channel)
  --sdk         the @switchboard/sdk the plugin is built against: a version range (default ${DEFAULT_SDK_SPEC}),
                or the path of an sdk tarball or folder
  --dir         the folder to write (default ./switchboard-plugin-<name>); it must be missing or empty`;

/** Reads the command line; undefined when it asks for the usage. Throws StarterError for anything it refuses. */
export function parseStarterArguments(args: string[], cwd: string): StarterOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        kind: { type: 'string' },
        sdk: { type: 'string' },
        dir: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node:util's own wording, up to its first full stop: "Unknown option '--colour'", "Option '--kind <value>' argument missing".
    const reason = (error as Error).message.split('. ')[0]!;
    throw new StarterError(`${reason[0]!.toLowerCase()}${reason.slice(1)} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length === 0)
    throw new StarterError('name the plugin: create-switchboard-plugin <name> --kind channel|integration|payment');
  if (positionals.length > 1) throw new StarterError(`one plugin name only, not ${positionals.map((p) => `"${p}"`).join(', ')}`);

  const name = positionals[0]!;
  if (!PLUGIN_NAME.test(name)) {
    throw new StarterError(`"${name}" is not a plugin name: use 2 to 40 lowercase letters, digits or dashes, starting with a letter`);
  }
  const kind = values.kind ?? 'channel';
  if (!isPluginKind(kind)) throw new StarterError(`unknown kind "${kind}": use ${PLUGIN_KINDS.join(', ')}`);
  const packageName = `switchboard-plugin-${name}`;
  return {
    name,
    kind,
    packageName,
    sdkSpec: sdkSpecOf(values.sdk, cwd),
    directory: resolve(cwd, values.dir ?? packageName),
  };
}

function isPluginKind(kind: string): kind is PluginKind {
  return (PLUGIN_KINDS as readonly string[]).includes(kind);
}

/**
 * A version range (or a tag) goes into package.json as it is; a path (./..., ../..., absolute, file:..., or a .tgz) becomes
 * file:<absolute path>, so the new package finds it from its own folder.
 */
export function sdkSpecOf(spec: string | undefined, cwd: string): string {
  if (spec === undefined || spec.trim() === '') return DEFAULT_SDK_SPEC;
  const path = spec.startsWith('file:') ? spec.slice('file:'.length) : spec;
  const isPath = spec.startsWith('file:') || path.startsWith('.') || isAbsolute(path) || path.endsWith('.tgz');
  if (!isPath) return spec;
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute)) throw new StarterError(`the sdk given with --sdk does not exist: ${absolute}`);
  return `file:${absolute}`;
}
