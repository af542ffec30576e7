import { defineConfig } from 'vitest/config';

/** What both API projects share: the real server on a fresh database per file. */
const API_TEST = {
  root: './apps/api',
  environment: 'node',
  setupFiles: ['../../vitest.setup.ts'],
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Each file builds its own app on its own fresh database (helpers/build-test-app.ts), so files
  // need no fresh module graph: importing the app once per worker instead of once per file takes
  // minutes off the suite (CI must finish in 30).
  isolate: false,
} as const;

// One runner for every non-browser test. Projects: domain (pure logic), web (components in
// jsdom), api and api-faults (the real server on a fresh database per file).
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          // Every core (Vitest's default is cores − 1: one worker on a 2-core machine).
          maxWorkers: '100%',
          // Projects with different worker counts must run in different groups (Vitest refuses
          // otherwise): domain, web and api on every core first (group 0), then the fault tests on
          // one worker (group 1).
          sequence: { groupOrder: 0 },
          include: ['test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        // Components in jsdom, no database: every core, as the domain's.
        test: { name: 'web', root: './apps/web', maxWorkers: '100%', sequence: { groupOrder: 0 } },
      },
      {
        test: {
          ...API_TEST,
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/faults/**'],
          // Each file has its own database (a PGlite from a dump; on PostgreSQL a database copied
          // from a template, so LISTEN/NOTIFY channels and advisory locks are its own): files run
          // side by side on every core.
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...API_TEST,
          // Killed processes, a refusing database, SIGTERM within 10 s, nginx and two instances:
          // their time bounds are measured, so they run alone, one file at a time, after the rest.
          name: 'api-faults',
          include: ['test/faults/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
