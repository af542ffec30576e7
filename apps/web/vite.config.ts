import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/web/',
  plugins: [reactRouter()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/oauth': 'http://localhost:3000' },
  },
  build: { target: 'es2022', sourcemap: process.env['KC_SOURCEMAP'] === '1' },
});
