import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { shellChunk } from './scripts/shell-chunk.ts';

export default defineConfig(({ isSsrBuild }) => ({
  base: '/web/',
  plugins: [reactRouter()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/oauth': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: process.env['KC_SOURCEMAP'] === '1',
    // The prerender's server build keeps Rollup's own chunks; only browsers fetch them.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
  },
}));
