import { defineConfig } from 'vitest/config';

// Component tests run in jsdom, without the React Router Vite plugin (it is for builds).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
  },
});
