import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateManifest } from '@switchboard/sdk';
import { runStarter } from '../run-starter.js';
import { PLUGIN_KINDS } from '../starter-options.js';

let cwd: string;
let printed: string[];
let failed: string[];

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'create-switchboard-plugin-'));
  printed = [];
  failed = [];
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const run = (...args: string[]) => runStarter(args, { cwd, print: (line) => printed.push(line), fail: (line) => failed.push(line) });

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** The files each kind writes besides the common ones, for a plugin named acme-x. */
const KIND_FILES = {
  channel: ['src/acme-x-api.ts', 'src/acme-x-channel.ts', 'src/acme-x-session.ts', 'src/__tests__/fake-acme-x-service.ts'],
  integration: ['src/acme-x-integration.ts', 'src/__tests__/fake-acme-x-service.ts'],
  payment: ['src/acme-x-api.ts', 'src/acme-x-payments.ts', 'src/__tests__/fake-acme-x-provider.ts'],
};
const CONTRACT = { channel: 'ChannelContribution', integration: 'IntegrationContribution', payment: 'PaymentContribution' };

describe('create-switchboard-plugin', () => {
  it.each(PLUGIN_KINDS)('writes a plugin of kind %s with its name filled in and a manifest the sdk accepts', async (kind) => {
    writeFileSync(join(cwd, 'switchboard-sdk-1.0.0.tgz'), 'a packed sdk');
    expect(await run('acme-x', '--kind', kind, '--sdk', './switchboard-sdk-1.0.0.tgz')).toBe(0);
    expect(failed).toEqual([]);
    const folder = join(cwd, 'switchboard-plugin-acme-x');
    const expected = [
      '.gitignore',
      'README.md',
      'jest.config.js',
      'package.json',
      'tsconfig.json',
      'src/acme-x-backend-module.ts',
      'src/__tests__/acme-x-conformance.test.ts',
      ...KIND_FILES[kind],
    ];
    for (const file of expected) {
      expect(existsSync(join(folder, file))).toBe(true);
      expect(printed).toContain(`  ${file}`);
      const text = readFileSync(join(folder, file), 'utf8');
      // Every placeholder filled, in names and in texts.
      expect(text).not.toMatch(/\{\{\s*[A-Za-z]+\s*\}\}|__name__/);
    }

    const pkg = readJson(join(folder, 'package.json'));
    expect(pkg.name).toBe('switchboard-plugin-acme-x');
    expect(pkg.type).toBe('module');
    expect(validateManifest(pkg.name, pkg.switchboard)).toEqual({
      apiVersion: 1,
      kind,
      id: 'acme-x',
      module: 'dist/acme-x-backend-module.js',
    });
    expect(pkg.main).toBe('./dist/acme-x-backend-module.js');
    expect(pkg.exports['.']).toEqual({ types: './dist/acme-x-backend-module.d.ts', default: './dist/acme-x-backend-module.js' });
    expect(pkg.files).toContain('dist');
    expect(pkg.peerDependencies).toEqual({ '@switchboard/sdk': '^1.0.0' });
    expect(pkg.devDependencies['@switchboard/sdk']).toBe(`file:${join(cwd, 'switchboard-sdk-1.0.0.tgz')}`);
    expect(pkg.devDependencies.typescript).toBe('~5.9.0');
    expect(Object.keys(pkg.devDependencies).sort()).toEqual(
      ['@jest/globals', '@switchboard/sdk', '@types/node', 'inversify', 'jest', 'reflect-metadata', 'typescript'].sort(),
    );
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.scripts.test).toMatch(/^tsc -p tsconfig\.json && node --experimental-vm-modules .*jest/);

    const tsconfig = readJson(join(folder, 'tsconfig.json')).compilerOptions;
    expect(tsconfig).toMatchObject({ module: 'NodeNext', strict: true, experimentalDecorators: true, emitDecoratorMetadata: true });
    expect(tsconfig).toMatchObject({ declaration: true, rootDir: 'src', outDir: 'dist' });

    const module = readFileSync(join(folder, 'src/acme-x-backend-module.ts'), 'utf8');
    expect(module).toMatch(new RegExp(`import \\{[^}]*\\b${CONTRACT[kind]}\\b[^}]*\\} from '@switchboard/sdk'`));
    expect(module).toMatch(/export default new ContainerModule\(/);
    expect(module).toContain('AcmeX');
    // inversify and reflect-metadata reach the plugin only through the sdk.
    for (const file of expected.filter((path) => path.endsWith('.ts'))) {
      expect(readFileSync(join(folder, file), 'utf8')).not.toMatch(/from '(inversify|reflect-metadata)'/);
    }
    const test = readFileSync(join(folder, 'src/__tests__/acme-x-conformance.test.ts'), 'utf8');
    expect(test).toMatch(/describe(Channel|Integration|Payment)Conformance\(/);
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('npm install switchboard-plugin-acme-x');

    expect(printed).toContain('  cd switchboard-plugin-acme-x');
    expect(printed).toContain('  npm install');
    expect(printed.some((line) => line.startsWith('  npm test'))).toBe(true);
  });

  it('writes a channel by default, against the published sdk, into ./switchboard-plugin-<name>', async () => {
    expect(await run('echo2')).toBe(0);
    const pkg = readJson(join(cwd, 'switchboard-plugin-echo2/package.json'));
    expect(pkg.switchboard.kind).toBe('channel');
    expect(pkg.devDependencies['@switchboard/sdk']).toBe('^1.0.0');
  });

  it('writes into the folder --dir names, when it is empty, and keeps a version range for --sdk', async () => {
    mkdirSync(join(cwd, 'work', 'bot'), { recursive: true });
    expect(await run('my-bot', '--kind', 'integration', '--dir', 'work/bot', '--sdk', '^1.2.0')).toBe(0);
    const pkg = readJson(join(cwd, 'work/bot/package.json'));
    expect(pkg.name).toBe('switchboard-plugin-my-bot');
    expect(pkg.devDependencies['@switchboard/sdk']).toBe('^1.2.0');
    expect(printed).toContain('  cd work/bot');
  });

  it('prints its usage for --help', async () => {
    expect(await run('--help')).toBe(0);
    expect(printed.join('\n')).toMatch(/^Usage: create-switchboard-plugin <name>/);
  });

  describe('refuses, in one line with exit code 1', () => {
    async function refused(args: string[], message: RegExp): Promise<void> {
      expect(await run(...args)).toBe(1);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/^create-switchboard-plugin: /);
      expect(failed[0]).toMatch(message);
      expect(failed[0]).not.toContain('\n');
      expect(failed[0]).not.toMatch(/Error:|^\s+at /m);
    }

    it.each(['A', 'x', '1chat', 'Acme', 'acme_chat', 'acme.chat', `a${'b'.repeat(40)}`])('a bad name: %s', async (name) => {
      await refused([name], /is not a plugin name: use 2 to 40 lowercase letters, digits or dashes, starting with a letter/);
      expect(existsSync(join(cwd, `switchboard-plugin-${name}`))).toBe(false);
    });

    it('no name', () => refused(['--kind', 'channel'], /name the plugin/));

    it('an unknown kind', () => refused(['acme', '--kind', 'bot'], /unknown kind "bot": use channel, integration, payment/));

    it('an unknown option', () => refused(['acme', '--colour'], /unknown option '--colour' \(see --help\)$/));

    it('a target folder that exists and is not empty, leaving it as it was', async () => {
      mkdirSync(join(cwd, 'switchboard-plugin-acme'));
      writeFileSync(join(cwd, 'switchboard-plugin-acme', 'notes.txt'), 'mine');
      await refused(['acme'], /switchboard-plugin-acme is not empty/);
      expect(readFileSync(join(cwd, 'switchboard-plugin-acme', 'notes.txt'), 'utf8')).toBe('mine');
      expect(existsSync(join(cwd, 'switchboard-plugin-acme', 'package.json'))).toBe(false);
    });

    it('a target that is a file', async () => {
      writeFileSync(join(cwd, 'taken'), 'a file');
      await refused(['acme', '--dir', 'taken'], /taken exists and is not a folder/);
    });

    it('an sdk path that does not exist', () => refused(['acme', '--sdk', './missing-sdk.tgz'], /the sdk given with --sdk does not exist/));
  });
});
