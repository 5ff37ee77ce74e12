// One jest run for every workspace; tests import source through moduleNameMapper, so no build is needed.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@switchboard/(config|sdk|migrations|core)$': '<rootDir>/$1/src/index.ts',
    // A library the Meta channel plugins share, read from source like the packages above.
    '^@switchboard/meta-graph$': '<rootDir>/plugins/meta-graph/src/index.ts',
    // What the webhook and n8n integrations share, read from source the same way.
    '^@switchboard/integration-events$': '<rootDir>/plugins/integration-events/src/index.ts',
    '^@switchboard/sdk/testing$': '<rootDir>/sdk/src/testing/index.ts',
    '^@switchboard/sdk/contracts$': '<rootDir>/sdk/src/contracts/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Its ESM build imports JSON without an import attribute, which jest warns about on every load.
    '^libphonenumber-js$': '<rootDir>/node_modules/libphonenumber-js/index.cjs',
  },
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/e2e/'],
  // Also the hooks' limit: an embedded server's start (PGlite loading its data folder) takes seconds alone and far
  // longer on a loaded two-core machine. Each wait on an event has its own limit.
  testTimeout: 60000,
  // A worker keeps what each file loaded (an embedded file's PGlite alone is hundreds of MB): past this it is replaced
  // after its file, or the suite's later files ran five times slower under the garbage collector.
  workerIdleMemoryLimit: '1GB',
};
