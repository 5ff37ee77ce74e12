import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StarterError, type StarterOptions } from './starter-options.js';

/** templates/common (every kind) and templates/<kind>, shipped beside dist in the starter's package. */
export const TEMPLATES_DIRECTORY = fileURLToPath(new URL('../templates', import.meta.url));

/** Template files end in .tmpl, so that no tool of the starter's own repository reads them as sources. */
const TEMPLATE_SUFFIX = '.tmpl';
/** In file names: the plugin's name. */
const NAME_IN_PATH = '__name__';
/** {{name}}, {{ClassName}}...: what the starter fills in a template's text. */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** One file of the new plugin: its path inside the plugin's folder and its text. */
export interface PluginFile {
  path: string;
  text: string;
}

/** The values of a template's placeholders for one plugin. */
export function placeholderValues(options: StarterOptions): Record<string, string> {
  const words = options.name.split('-').filter(Boolean);
  const capitalised = words.map((word) => word[0]!.toUpperCase() + word.slice(1));
  return {
    name: options.name,
    kind: options.kind,
    packageName: options.packageName,
    sdkSpec: options.sdkSpec,
    // acme-echo: AcmeEcho for classes, 'Acme Echo' for people.
    ClassName: capitalised.join(''),
    title: capitalised.join(' '),
  };
}

/** The files of a new plugin of options.kind, placeholders filled, in path order. */
export function renderPlugin(options: StarterOptions): PluginFile[] {
  const values = placeholderValues(options);
  const byPath = new Map<string, string>();
  // The kind's own files win over the common ones of the same path.
  for (const folder of ['common', options.kind]) {
    const root = join(TEMPLATES_DIRECTORY, folder);
    for (const file of listFiles(root)) {
      const path = outputPath(relative(root, file), options.name);
      byPath.set(path, fill(readFileSync(file, 'utf8'), values, `${folder}/${relative(root, file)}`));
    }
  }
  return [...byPath].map(([path, text]) => ({ path, text })).sort((a, b) => a.path.localeCompare(b.path));
}

/** Writes the plugin into options.directory, which must be missing or empty; answers the files written. */
export function writePlugin(options: StarterOptions): PluginFile[] {
  refuseUsedFolder(options.directory);
  const files = renderPlugin(options);
  for (const file of files) {
    const target = join(options.directory, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  return files;
}

function refuseUsedFolder(directory: string): void {
  if (!existsSync(directory)) return;
  if (!statSync(directory).isDirectory()) throw new StarterError(`${directory} exists and is not a folder`);
  if (readdirSync(directory).length > 0) throw new StarterError(`${directory} is not empty: choose another --dir or name`);
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** src/__name__-channel.ts.tmpl -> src/acme-echo-channel.ts; _gitignore.tmpl -> .gitignore (npm pack drops .gitignore). */
function outputPath(templatePath: string, name: string): string {
  const withoutSuffix = templatePath.endsWith(TEMPLATE_SUFFIX) ? templatePath.slice(0, -TEMPLATE_SUFFIX.length) : templatePath;
  return withoutSuffix
    .split(/[\\/]/)
    .map((part) => (part === '_gitignore' ? '.gitignore' : part.replaceAll(NAME_IN_PATH, name)))
    .join('/');
}

function fill(text: string, values: Record<string, string>, template: string): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = values[key];
    // A template naming a value the starter does not have is the starter's bug: never write the braces out.
    if (value === undefined) throw new Error(`Template ${template} uses an unknown placeholder {{${key}}}`);
    return value;
  });
}
