import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/build-*/**', '**/.react-router/**', 'var/**', '**/test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Imports flow shared → features → app (conventions, 3).
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**', '**/routes/**'], message: 'Shared code must not import features, routes or the app.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/routes/**'], message: 'Features must not import the app or routes.' }] }],
    },
  },
  // The domain package is pure: no I/O, no framework, nothing of ours.
  {
    files: ['packages/domain/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'react', 'react-*', 'fastify*', 'kysely*', '@kc/*', '**/apps/**'], message: 'packages/domain stays pure.' }] }],
    },
  },
  {
    files: ['scripts/**', 'apps/*/scripts/**', 'apps/api/build.mjs', 'bench/**', 'e2e/support/**'],
    rules: { 'no-console': 'off' },
  },
);
