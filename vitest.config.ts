import { defineConfig } from 'vitest/config';

// One runner for every non-browser test. Projects: domain (pure logic), web (components in
// jsdom), api (the real server on a fresh database per file).
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: { name: 'web', root: './apps/web' },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
