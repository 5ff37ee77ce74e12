import { describe, expect, it } from '@jest/globals';
import { ConfigError, configurationVariables, loadConfig } from '../index.js';

describe('configuration', () => {
  it('gives a working embedded default with no environment', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('embedded');
    expect(config.server.port).toBe(8080);
    expect(config.server.publicUrl).toBe('http://localhost:8080');
    expect(config.database.kind).toBe('pglite');
    expect(config.storage.dataDir).toMatch(/data$/);
    expect(config.auth.appSecret).toBeUndefined();
    expect(config.conversations.autoCloseHours).toBe(24);
    expect(loadConfig({ AUTO_CLOSE_HOURS: '0' }).conversations.autoCloseHours).toBe(0);
  });

  it('is scaled with DATABASE_URL and REDIS_URL, and then requires APP_SECRET', () => {
    const env = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://cache:6379' };
    expect(() => loadConfig(env)).toThrow(/APP_SECRET/);
    const config = loadConfig({ ...env, APP_SECRET: 'x'.repeat(32) });
    expect(config.mode).toBe('scaled');
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://db/x' });
  });

  it.each([
    ['PORT', 'eighty'],
    ['APP_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'nowhere'],
    ['AUTO_CLOSE_HOURS', '-1'],
    ['AUTO_CLOSE_HOURS', '1.5'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback,proxy.example'],
  ])('stops on an invalid %s with a message naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
  });

  it('reads TRUST_PROXY as express does: loopback by default, booleans, hop counts and address lists', () => {
    expect(loadConfig({}).server.trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).server.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).server.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.1/255.255.255.0, fd00::/8' }).server.trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.1/255.255.255.0',
      'fd00::/8',
    ]);
  });

  it('documents every variable', () => {
    const names = configurationVariables.map((variable) => variable.env);
    for (const name of [
      'PORT',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'APP_SECRET',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'PUBLIC_URL',
      'PLUGINS',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]) {
      expect(names).toContain(name);
    }
    expect(configurationVariables.every((variable) => variable.doc.length > 10)).toBe(true);
  });
});
