import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container, ContainerModule } from '@switchboard/sdk';
import { createPgliteDatabase, createPostgresDatabase, pluginMigrationTable } from '../../database/knex-database.js';
import type { Database } from '../../database/database.js';
import { postgresUrlForTests } from '../../../testing/services.js';
import { createTestDatabase } from '../../../testing/test-database.js';
import { discoverPluginPackages, loadPlugins, type PluginPackage } from '../plugin-loader.js';

/** A module default-exporting a ContainerModule made with the real sdk, binding `Symbol.for(id)` to a value. */
const containerModuleSource = (id: string) => `import { ContainerModule } from '@switchboard/sdk';
export default new ContainerModule((bind) => {
  bind(Symbol.for('test-plugin:${id}')).toConstantValue('${id} loaded');
});
`;

/** A migration list creating `<table>` then adding a column to it, with the matching downs. */
const migrationsSource = (table: string) => `export default [
  {
    name: '0002_${table}_note',
    up: (knex) => knex.schema.alterTable('${table}', (t) => t.text('note')),
    down: (knex) => knex.schema.alterTable('${table}', (t) => t.dropColumn('note')),
  },
  {
    name: '0001_${table}',
    up: (knex) => knex.schema.createTable('${table}', (t) => { t.increments('id'); t.text('body'); }),
    down: (knex) => knex.schema.dropTable('${table}'),
  },
];
`;

interface PackageSpec {
  name: string;
  switchboard?: unknown;
  files?: Record<string, string>;
  rawPackageJson?: string;
}

let root: string;
let nodeModules: string;

async function writePackage(spec: PackageSpec): Promise<PluginPackage> {
  const directory = path.join(nodeModules, spec.name);
  await mkdir(directory, { recursive: true });
  const packageJson =
    spec.rawPackageJson ?? JSON.stringify({ name: spec.name, version: '1.0.0', type: 'module', switchboard: spec.switchboard });
  await writeFile(path.join(directory, 'package.json'), packageJson);
  for (const [file, text] of Object.entries(spec.files ?? {})) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), text);
  }
  return { packageName: spec.name, directory };
}

/** A well-formed plugin package with a real ContainerModule. */
function goodPlugin(
  name: string,
  id: string,
  extra: Partial<Record<string, unknown>> = {},
  files: Record<string, string> = {},
): PackageSpec {
  return {
    name,
    switchboard: { apiVersion: 1, kind: 'channel', id, module: 'dist/backend-module.js', ...extra },
    files: { 'dist/backend-module.js': containerModuleSource(id), ...files },
  };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sb-plugins-'));
  nodeModules = path.join(root, 'node_modules');
  await mkdir(nodeModules, { recursive: true });
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('discoverPluginPackages', () => {
  it('finds @switchboard/plugin-*, switchboard-plugin-* and the packages named in PLUGINS, and nothing else', async () => {
    const folder = path.join(root, 'discovery', 'node_modules');
    const make = async (name: string) => {
      await mkdir(path.join(folder, name), { recursive: true });
      await writeFile(path.join(folder, name, 'package.json'), JSON.stringify({ name }));
    };
    for (const name of [
      '@switchboard/plugin-alpha',
      '@switchboard/core',
      'switchboard-plugin-beta',
      'acme-chat',
      '@acme/gamma',
      'unrelated',
    ]) {
      await make(name);
    }
    const found = discoverPluginPackages({ nodeModules: folder, extra: ['acme-chat', ' @acme/gamma ', ''] });
    expect(found.map((plugin) => plugin.packageName)).toEqual([
      '@acme/gamma',
      '@switchboard/plugin-alpha',
      'acme-chat',
      'switchboard-plugin-beta',
    ]);
    expect(found.find((plugin) => plugin.packageName === '@acme/gamma')!.directory).toBe(path.join(folder, '@acme', 'gamma'));
  });

  it('refuses a plugin named in PLUGINS that is not installed, or a name that is not a package name', () => {
    const folder = path.join(root, 'discovery', 'node_modules');
    expect(() => discoverPluginPackages({ nodeModules: folder, extra: ['switchboard-plugin-missing'] })).toThrow(
      /Plugin switchboard-plugin-missing named in PLUGINS is not installed/,
    );
    expect(() => discoverPluginPackages({ nodeModules: folder, extra: ['../../etc'] })).toThrow(/not a valid package name/);
  });

  it('answers nothing when the folder does not exist', () => {
    expect(discoverPluginPackages({ nodeModules: path.join(root, 'nowhere'), extra: [] })).toEqual([]);
  });

  it('finds the workspace plugins, and they load', async () => {
    const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../node_modules');
    const found = discoverPluginPackages({ nodeModules: workspace, extra: [] });
    expect(found.map((plugin) => plugin.packageName)).toContain('@switchboard/plugin-channel-webchat');
    const loaded = await loadPlugins(found);
    expect(loaded.find((plugin) => plugin.manifest.id === 'webchat')?.module).toBeInstanceOf(ContainerModule);
  });
});

describe('loadPlugins', () => {
  it('imports each plugin ContainerModule, made with the real sdk, ready to load into a container', async () => {
    const alpha = await writePackage(goodPlugin('@switchboard/plugin-alpha', 'alpha'));
    const beta = await writePackage(goodPlugin('switchboard-plugin-beta', 'beta', { kind: 'integration' }));
    const loaded = await loadPlugins([alpha, beta]);
    expect(loaded.map((plugin) => [plugin.packageName, plugin.manifest.id, plugin.manifest.kind])).toEqual([
      ['@switchboard/plugin-alpha', 'alpha', 'channel'],
      ['switchboard-plugin-beta', 'beta', 'integration'],
    ]);
    expect(loaded[0]!.module).toBeInstanceOf(ContainerModule);
    expect(loaded[0]!.migrations).toBeUndefined();
    const container = new Container();
    container.load(...loaded.map((plugin) => plugin.module));
    expect(container.get(Symbol.for('test-plugin:alpha'))).toBe('alpha loaded');
    expect(container.get(Symbol.for('test-plugin:beta'))).toBe('beta loaded');
  });

  it('refuses two plugins with one id, naming both packages, before running either', async () => {
    const first = await writePackage(goodPlugin('switchboard-plugin-one', 'same'));
    const second = await writePackage(
      goodPlugin('switchboard-plugin-two', 'same', {}, { 'dist/backend-module.js': 'throw new Error("imported");' }),
    );
    await expect(loadPlugins([first, second])).rejects.toThrow(
      'Plugin switchboard-plugin-two: id "same" is already used by switchboard-plugin-one',
    );
  });

  it.each([
    [
      'an unknown apiVersion',
      { apiVersion: 2 },
      /^Plugin switchboard-plugin-bad: apiVersion 2 is not supported \(this Switchboard speaks 1\)$/,
    ],
    ['a missing apiVersion', { apiVersion: undefined }, /^Plugin switchboard-plugin-bad: apiVersion undefined is not supported/],
    ['a bad kind', { kind: 'theme' }, /^Plugin switchboard-plugin-bad: kind must be channel, integration or payment, not theme$/],
    ['a bad id', { id: 'Bad_Id' }, /^Plugin switchboard-plugin-bad: id must be 2 to 40 lowercase letters/],
    ['no module', { module: '' }, /^Plugin switchboard-plugin-bad: module must name the file/],
    ['an empty migrations path', { migrations: ' ' }, /^Plugin switchboard-plugin-bad: migrations, when present, must name the file/],
  ])('refuses %s, naming the package', async (_case, change, message) => {
    const bad = await writePackage(goodPlugin('switchboard-plugin-bad', 'bad', change));
    await expect(loadPlugins([bad])).rejects.toThrow(message);
  });

  it('refuses a package.json without a switchboard member, or that is not JSON, naming the package', async () => {
    const none = await writePackage({ name: 'switchboard-plugin-none' });
    await expect(loadPlugins([none])).rejects.toThrow('Plugin switchboard-plugin-none: package.json has no "switchboard" object');
    const broken = await writePackage({ name: 'switchboard-plugin-broken', rawPackageJson: '{ "name": ' });
    await expect(loadPlugins([broken])).rejects.toThrow(/^Plugin switchboard-plugin-broken: package.json is not valid JSON/);
  });

  it('refuses a module file that does not exist, or lies outside the package, naming the package', async () => {
    const missing = await writePackage({
      name: 'switchboard-plugin-nomodule',
      switchboard: { apiVersion: 1, kind: 'channel', id: 'nomodule', module: 'dist/missing.js' },
    });
    await expect(loadPlugins([missing])).rejects.toThrow(
      /^Plugin switchboard-plugin-nomodule: module dist\/missing\.js does not exist in .*switchboard-plugin-nomodule \(run npm run build\)$/,
    );
    const outside = await writePackage(
      goodPlugin('switchboard-plugin-outside', 'outside', { module: '../switchboard-plugin-one/dist/backend-module.js' }),
    );
    await expect(loadPlugins([outside])).rejects.toThrow(/^Plugin switchboard-plugin-outside: module .* points outside the package$/);
  });

  it('refuses a module that does not default-export a ContainerModule, or fails to import, naming the package', async () => {
    const plain = await writePackage(
      goodPlugin('switchboard-plugin-plain', 'plain', {}, { 'dist/backend-module.js': 'export default { bind() {} };\n' }),
    );
    await expect(loadPlugins([plain])).rejects.toThrow(
      'Plugin switchboard-plugin-plain: dist/backend-module.js does not default-export a ContainerModule',
    );
    const throwing = await writePackage(
      goodPlugin('switchboard-plugin-throws', 'throws', {}, { 'dist/backend-module.js': 'throw new Error("boom at import");\n' }),
    );
    await expect(loadPlugins([throwing])).rejects.toThrow(
      /^Plugin switchboard-plugin-throws: importing its module dist\/backend-module\.js failed: boom at import$/,
    );
  });

  it('imports the migrations a manifest names, and refuses a list that is not one', async () => {
    const gamma = await writePackage(
      goodPlugin(
        'switchboard-plugin-gamma',
        'gamma',
        { migrations: 'dist/migrations.js' },
        { 'dist/migrations.js': migrationsSource('gamma_notes') },
      ),
    );
    const [loaded] = await loadPlugins([gamma]);
    expect(loaded!.manifest.migrations).toBe('dist/migrations.js');
    expect(loaded!.migrations!.map((migration) => migration.name)).toEqual(['0002_gamma_notes_note', '0001_gamma_notes']);

    const cases: [string, string, RegExp][] = [
      ['notalist', 'export default { up() {} };', /does not default-export a list of migrations$/],
      ['noname', 'export default [{ up() {}, down() {} }];', /migration #1 has no name$/],
      ['noup', "export default [{ name: '0001_x', down() {} }];", /migration 0001_x must have up and down functions$/],
      [
        'twice',
        "export default [{ name: '0001_x', up() {}, down() {} }, { name: '0001_x', up() {}, down() {} }];",
        /has two migrations named 0001_x$/,
      ],
    ];
    for (const [id, source, message] of cases) {
      const name = `switchboard-plugin-mig-${id}`;
      const bad = await writePackage(goodPlugin(name, `mig-${id}`, { migrations: 'dist/migrations.js' }, { 'dist/migrations.js': source }));
      await expect(loadPlugins([bad])).rejects.toThrow(new RegExp(`^Plugin ${name}: dist/migrations\\.js ${message.source}`));
    }
    const missing = await writePackage(goodPlugin('switchboard-plugin-mig-missing', 'mig-missing', { migrations: 'dist/nothing.js' }));
    await expect(loadPlugins([missing])).rejects.toThrow(
      /^Plugin switchboard-plugin-mig-missing: migrations dist\/nothing\.js does not exist/,
    );
  });
});

describe('pluginMigrationTable', () => {
  it('names a table per plugin that PostgreSQL keeps whole, with room for knex lock table', () => {
    expect(pluginMigrationTable('whatsapp')).toBe('knex_migrations_plugin_whatsapp');
    expect(pluginMigrationTable('channel-x')).toBe('knex_migrations_plugin_channel_x');
    const long = pluginMigrationTable('a'.repeat(40));
    const longer = pluginMigrationTable(`${'a'.repeat(39)}b`);
    expect(`${long}_lock`.length).toBeLessThanOrEqual(63);
    expect(long).not.toBe(longer);
  });
});

/** Plugin-owned migrations through the database adapter, on PGlite always and on PostgreSQL when there is one. */
const postgresUrl = postgresUrlForTests();
type OpenedDatabase = { database: Database; twin?: () => Database; drop(): Promise<void> };
const engines: [string, () => Promise<OpenedDatabase>][] = [
  [
    'pglite',
    async () => {
      const database = await createPgliteDatabase({});
      await database.migrate();
      return { database, drop: () => database.close() };
    },
  ],
];
if (postgresUrl) {
  engines.push([
    'postgres',
    async () => {
      const test = await createTestDatabase();
      return { database: test.database, twin: () => createPostgresDatabase({ url: test.url!, poolMax: 2 }), drop: () => test.drop() };
    },
  ]);
}

describe.each(engines)('plugin migrations on %s', (_engine, open) => {
  it('run once, after core, in the plugin own knex table, and create its tables', async () => {
    const delta = await writePackage(
      goodPlugin(
        'switchboard-plugin-delta',
        'delta-chat',
        { migrations: 'dist/migrations.js' },
        { 'dist/migrations.js': migrationsSource('delta_notes') },
      ),
    );
    const [plugin] = await loadPlugins([delta]);
    const { database, twin, drop } = await open();
    const extra = twin?.();
    try {
      // Two nodes migrating at once (PostgreSQL): the advisory lock lets one apply while the other waits.
      await Promise.all([
        database.migratePlugin(plugin!.manifest.id, plugin!.migrations!),
        (extra ?? database).migratePlugin(plugin!.manifest.id, plugin!.migrations!),
      ]);
      await database.migratePlugin(plugin!.manifest.id, plugin!.migrations!);
      const knex = database.knex;
      await knex('delta_notes').insert({ body: 'hello', note: 'column from the second migration' });
      expect(await knex('delta_notes').select('body', 'note')).toEqual([{ body: 'hello', note: 'column from the second migration' }]);
      const applied = await knex('knex_migrations_plugin_delta_chat').orderBy('id').select('name');
      expect(applied.map((row) => row.name)).toEqual(['0001_delta_notes', '0002_delta_notes_note']);
      // Core's own record is untouched by the plugin's.
      const core = await knex('knex_migrations').select('name');
      expect(core.map((row) => row.name)).not.toContain('0001_delta_notes');
      expect(core.length).toBeGreaterThan(0);
    } finally {
      await extra?.close();
      await drop();
    }
  });
});
