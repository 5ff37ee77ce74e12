import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateManifest, type ContainerModule, type PluginManifest } from '@switchboard/sdk';
import type { Migration } from '@switchboard/migrations';

export interface LoadedPlugin {
  packageName: string;
  directory: string;
  manifest: PluginManifest;
  module: ContainerModule;
  /** The plugin's own migrations (manifest `migrations`), applied by core after its own. */
  migrations?: Migration[];
}

export interface PluginPackage {
  packageName: string;
  directory: string;
}

/** npm package names: an optional @scope/ then a lowercase name; nothing that could climb out of node_modules. */
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/**
 * Where plugins are looked for: installed packages named @switchboard/plugin-* or switchboard-plugin-* (the
 * workspace plugins are linked there), plus the packages named in PLUGINS, which must be installed.
 */
export function discoverPluginPackages(options: { nodeModules: string; extra: string[] }): PluginPackage[] {
  const found = new Map<string, string>();
  const scoped = path.join(options.nodeModules, '@switchboard');
  if (existsSync(scoped)) {
    for (const name of readdirSync(scoped)) if (name.startsWith('plugin-')) found.set(`@switchboard/${name}`, path.join(scoped, name));
  }
  if (existsSync(options.nodeModules)) {
    for (const name of readdirSync(options.nodeModules))
      if (name.startsWith('switchboard-plugin-')) found.set(name, path.join(options.nodeModules, name));
  }
  for (const raw of options.extra) {
    const name = raw.trim();
    if (name === '') continue;
    if (!PACKAGE_NAME.test(name)) throw new Error(`Plugin "${name}" named in PLUGINS is not a valid package name`);
    const directory = path.join(options.nodeModules, name);
    if (!existsSync(path.join(directory, 'package.json'))) {
      throw new Error(`Plugin ${name} named in PLUGINS is not installed (no ${path.join(directory, 'package.json')})`);
    }
    found.set(name, directory);
  }
  return [...found]
    .map(([packageName, directory]) => ({ packageName, directory }))
    .sort((a, b) => a.packageName.localeCompare(b.packageName));
}

/**
 * Reads each package's manifest and imports its ContainerModule (and its migrations, when it names any). Every
 * manifest is checked, and ids compared, before any plugin code runs. A bad manifest, a duplicate id, a missing or
 * broken module stops the start with a message naming the package.
 */
export async function loadPlugins(packages: PluginPackage[]): Promise<LoadedPlugin[]> {
  const byId = new Map<string, string>();
  const checked: (PluginPackage & { manifest: PluginManifest })[] = [];
  for (const { packageName, directory } of packages) {
    const manifest = validateManifest(packageName, readPackageJson(packageName, directory).switchboard);
    const other = byId.get(manifest.id);
    if (other) throw new Error(`Plugin ${packageName}: id "${manifest.id}" is already used by ${other}`);
    byId.set(manifest.id, packageName);
    checked.push({ packageName, directory, manifest });
  }
  const loaded: LoadedPlugin[] = [];
  for (const { packageName, directory, manifest } of checked) {
    const imported = await importDefault(packageName, directory, manifest.module, 'module');
    if (!isContainerModule(imported)) {
      throw new Error(`Plugin ${packageName}: ${manifest.module} does not default-export a ContainerModule`);
    }
    const plugin: LoadedPlugin = { packageName, directory, manifest, module: imported };
    if (manifest.migrations !== undefined) {
      plugin.migrations = checkMigrations(
        packageName,
        manifest.migrations,
        await importDefault(packageName, directory, manifest.migrations, 'migrations'),
      );
    }
    loaded.push(plugin);
  }
  return loaded;
}

function readPackageJson(packageName: string, directory: string): { switchboard?: unknown } {
  const file = path.join(directory, 'package.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Plugin ${packageName}: cannot read ${file} (${(error as Error).message})`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as { switchboard?: unknown }) : {};
  } catch (error) {
    throw new Error(`Plugin ${packageName}: package.json is not valid JSON (${(error as Error).message})`);
  }
}

async function importDefault(packageName: string, directory: string, relative: string, member: 'module' | 'migrations'): Promise<unknown> {
  const file = moduleFile(packageName, directory, relative, member);
  let imported: { default?: unknown };
  try {
    imported = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new Error(`Plugin ${packageName}: importing its ${member} ${relative} failed: ${(error as Error).message}`, { cause: error });
  }
  return imported.default;
}

/** Duck-typed: a plugin that bundled its own inversify copy would fail `instanceof` yet still load. */
function isContainerModule(value: unknown): value is ContainerModule {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { registry?: unknown }).registry === 'function'
  );
}

function checkMigrations(packageName: string, relative: string, value: unknown): Migration[] {
  const fail = (reason: string) => new Error(`Plugin ${packageName}: ${relative} ${reason}`);
  if (!Array.isArray(value)) throw fail('does not default-export a list of migrations');
  const names = new Set<string>();
  for (const [index, migration] of value.entries()) {
    const candidate = migration as Partial<Migration> | null;
    if (!candidate || typeof candidate !== 'object' || typeof candidate.name !== 'string' || candidate.name.trim() === '') {
      throw fail(`migration #${index + 1} has no name`);
    }
    if (typeof candidate.up !== 'function' || typeof candidate.down !== 'function') {
      throw fail(`migration ${candidate.name} must have up and down functions`);
    }
    if (names.has(candidate.name)) throw fail(`has two migrations named ${candidate.name}`);
    names.add(candidate.name);
  }
  return value as Migration[];
}

/** The built file; from a source checkout (tests) the TypeScript file it is built from. Never outside the package. */
export function moduleFile(packageName: string, directory: string, relative: string, member: 'module' | 'migrations'): string {
  const root = path.resolve(directory);
  const inside = (file: string) => file.startsWith(root + path.sep);
  const built = path.resolve(root, relative);
  if (!inside(built)) throw new Error(`Plugin ${packageName}: ${member} ${relative} points outside the package`);
  if (existsSync(built)) return built;
  const source = path.resolve(root, relative.replace(/^(\.\/)?dist\//, 'src/').replace(/\.js$/, '.ts'));
  if (inside(source) && existsSync(source)) return source;
  throw new Error(`Plugin ${packageName}: ${member} ${relative} does not exist in ${root} (run npm run build)`);
}
