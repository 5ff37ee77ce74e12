import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ContainerModule } from '@switchboard/sdk';
import { moduleFile } from '../platform/plugins/plugin-loader.js';

const workspaceModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules');

/**
 * A workspace plugin's backend module, imported from the very file core's plugin loader imports (built, or its source
 * before a build), so a symbol a test rebinds is the one the plugin injects.
 */
export async function importWorkspacePlugin<T>(packageName: string, modulePath: string): Promise<T> {
  const file = moduleFile(packageName, path.join(workspaceModules, packageName), modulePath, 'module');
  return (await import(pathToFileURL(file).href)) as T;
}

/**
 * A workspace plugin (as importWorkspacePlugin) and a ContainerModule for startTestServer's extraModules that binds the
 * options symbol it exports as `optionsExport` to a test's value.
 */
export async function workspacePluginWithOptions<T>(
  packageName: string,
  modulePath: string,
  optionsExport: string,
  options: unknown,
): Promise<{ plugin: T; options: ContainerModule }> {
  const plugin = await importWorkspacePlugin<T>(packageName, modulePath);
  const symbol = (plugin as Record<string, unknown>)[optionsExport] as symbol;
  const module = new ContainerModule((bind, _unbind, isBound, rebind) => {
    if (isBound(symbol)) rebind(symbol).toConstantValue(options);
    else bind(symbol).toConstantValue(options);
  });
  return { plugin, options: module };
}
