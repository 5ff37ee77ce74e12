// Browser tests: a real server in embedded mode (its own data directory per file) and Debian's Chromium.
const swc = { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } };

export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  testTimeout: 120000,
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // Two files at once on two cores: each mostly waits on its server and its browser.
  maxWorkers: 2,
};
