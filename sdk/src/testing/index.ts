// The sdk's testing kit: conformance suites that plugins run in their own jest tests, and the fakes they use.
export * from './channel-conformance.js';
export * from './recording-context.js';
export * from './memory-plugin-host.js';
export * from './integration-conformance.js';
export * from './payment-conformance.js';
