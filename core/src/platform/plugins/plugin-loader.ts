import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateManifest, type ContainerModule, type PluginManifest } from '@switchboard/sdk';

export interface LoadedPlugin {
  packageName: string;
  directory: string;
  manifest: PluginManifest;
  module: ContainerModule;
}

/** Where plugins are looked for: installed packages named @switchboard/plugin-* or switchboard-plugin-* (the workspace plugins are linked there), plus PLUGINS. */
export function discoverPluginPackages(options: { nodeModules: string; extra: string[] }): { packageName: string; directory: string }[] {
  const found = new Map<string, string>();
  const scoped = path.join(options.nodeModules, '@switchboard');
  if (existsSync(scoped)) {
    for (const name of readdirSync(scoped)) if (name.startsWith('plugin-')) found.set(`@switchboard/${name}`, path.join(scoped, name));
  }
  if (existsSync(options.nodeModules)) {
    for (const name of readdirSync(options.nodeModules))
      if (name.startsWith('switchboard-plugin-')) found.set(name, path.join(options.nodeModules, name));
  }
  for (const name of options.extra) {
    const directory = path.join(options.nodeModules, name);
    if (!existsSync(path.join(directory, 'package.json'))) throw new Error(`Plugin ${name} named in PLUGINS is not installed`);
    found.set(name, directory);
  }
  return [...found]
    .map(([packageName, directory]) => ({ packageName, directory }))
    .sort((a, b) => a.packageName.localeCompare(b.packageName));
}

/**
 * Reads each package's manifest and imports its ContainerModule. A bad manifest or a duplicate id stops the
 * start with a message naming the package.
 */
export async function loadPlugins(packages: { packageName: string; directory: string }[]): Promise<LoadedPlugin[]> {
  const byId = new Map<string, string>();
  const loaded: LoadedPlugin[] = [];
  for (const { packageName, directory } of packages) {
    const packageJson = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { switchboard?: unknown };
    const manifest = validateManifest(packageName, packageJson.switchboard);
    const other = byId.get(manifest.id);
    if (other) throw new Error(`Plugin ${packageName}: id "${manifest.id}" is already used by ${other}`);
    byId.set(manifest.id, packageName);
    const imported = (await import(pathToFileURL(moduleFile(directory, manifest.module)).href)) as { default?: ContainerModule };
    if (!imported.default || typeof imported.default !== 'object' || !('id' in imported.default)) {
      throw new Error(`Plugin ${packageName}: ${manifest.module} does not default-export a ContainerModule`);
    }
    loaded.push({ packageName, directory, manifest, module: imported.default });
  }
  return loaded;
}

/** The built module; from a source checkout (tests) the TypeScript file it is built from. */
function moduleFile(directory: string, modulePath: string): string {
  const built = path.join(directory, modulePath);
  if (existsSync(built)) return built;
  const source = path.join(directory, modulePath.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'));
  if (existsSync(source)) return source;
  throw new Error(`Plugin module ${built} does not exist (run npm run build)`);
}
