import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/app/prerendered-paths.ts';

// SPA with prerendered public pages (stack-notes: framework mode, ssr false, basename /web).
export default {
  appDirectory: 'src',
  // Parallel builds (several engineers, one checkout) may each use their own folder.
  buildDirectory: process.env['KC_WEB_BUILD_DIR'] ?? 'build',
  ssr: false,
  basename: '/web/',
  prerender: PRERENDERED_PATHS,
} satisfies Config;
