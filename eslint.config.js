import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import switchboard from './tools/eslint/module-boundaries.js';

// The system paths that may reach data across companies (DESIGN §4): sweepers and dispatchers, the first start,
// sign-in and token checks, webhooks resolving their connection. Every other module reaches data through Tenancy.
const systemDataPaths = [
  'core/src/modules/companies/first-start.service.ts',
  // Claims the due conversation timers of every company for the sweeper; each then runs in its own company.
  'core/src/modules/routing/due-conversation-timers.ts',
  // Claims the due schedules of every company for the dispatcher; each is then sent within its own company.
  'core/src/modules/schedules/due-schedules.ts',
  // Launches, claims, settles and finishes the campaigns of every company; each row is then sent within its company.
  'core/src/modules/campaigns/due-campaigns.ts',
  // Finds and claims the on-call entries due a notice in every company; each notice is then sent within its company.
  'core/src/modules/on-call/due-on-call.ts',
  // Makes every company's invoice ahead of its due date; a payment webhook finds its invoice before its company.
  'core/src/modules/billing/due-invoices.ts',
  'core/src/modules/billing/invoice-payments.ts',
  // The super user's registry of all companies; sign-up creates a company (names and e-mails unique across them).
  'core/src/modules/companies/company-registry.service.ts',
  'core/src/modules/companies/signup.service.ts',
  // A webhook, the widget or the external API naming its connection by address, public id or token.
  'core/src/modules/connections/connection-resolver.ts',
  // Runs every company's channel sessions, one node each, and sweeps for the orphaned ones.
  'core/src/modules/connections/session-manager.ts',
  // Which node runs each session: a node's record, fencing the session locks.
  'core/src/modules/connections/session-owners.ts',
  // Platform-wide plans (no company owns one), public ones listed at sign-up before a company exists.
  'core/src/modules/plans/plan.service.ts',
  // Login e-mails unique across companies; the company of a user id named by a token or a super user.
  'core/src/modules/users/user-directory.ts',
  // Sign-in by e-mail, refresh and logout by token: the company is known only once they are checked.
  'core/src/modules/auth/auth.service.ts',
  // Password recovery: a phone number is all that is known, on the super company's default connection.
  'core/src/modules/auth/recovery.service.ts',
  // The super user's platform metrics: figures over every company at once.
  'core/src/modules/platform-metrics/platform-metrics.service.ts',
];

const rawDatabase = {
  group: ['**/platform/database/database.js', '**/platform/database/knex-database.js'],
  message: 'Modules reach company data through Tenancy (platform/tenancy.ts), never the raw database (DESIGN §4).',
};
const systemData = {
  group: ['**/platform/system-data.js'],
  message: 'SystemData is for the system paths listed in eslint.config.js; company data goes through Tenancy.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'web/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['core/src/modules/**/*.ts', 'plugins/**/*.ts'],
    ignores: ['**/__tests__/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rawDatabase, systemData] }] },
  },
  {
    // A module's index.ts is its public face; no import cycles between modules (DESIGN §8.13).
    files: ['core/src/**/*.ts'],
    plugins: { switchboard },
    rules: { 'switchboard/module-boundaries': 'error' },
  },
  {
    files: systemDataPaths,
    rules: { 'no-restricted-imports': ['error', { patterns: [rawDatabase] }] },
  },
  {
    // The sdk is published on its own: its code and types reach only its own files, Node's built-ins, its
    // dependency yup and its peers inversify, reflect-metadata and (for the testing kit) @jest/globals. A server
    // package (express, socket.io, knex...) stays out of it; core hands plugins those through the sdk's shapes.
    files: ['sdk/src/**/*.ts'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|node:|(inversify|reflect-metadata|yup|@jest/globals)$)',
              message: 'The published sdk imports only its own files, node:*, yup, inversify, reflect-metadata and @jest/globals.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read loosely-typed JSON answers.
    files: ['**/__tests__/**', '**/testing/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
