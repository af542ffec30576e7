import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { EMBEDDED_ENV, EMBEDDED_NODE_FLAG } from '../scripts/embedded-node-flags.mjs';

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'var', `e2e-${PORT}`);

/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database
 * (conventions, 16). The server is the built product (`npm run build` runs before), started on
 * its own port with its own data folder, wiped first.
 */
// Playwright's own process reads the server's data folder (its pid) in the global teardown.
process.env['E2E_DATA_DIR'] = dataDir;

export default defineConfig({
  testDir: './tests',
  // After the whole suite, before the server stops: the embedded default's memory budget.
  globalTeardown: './support/memory-budget.ts',
  // One results folder per port, so parallel runs do not delete each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/web/`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The same Node flag as `npm start` on the embedded database (scripts/embedded-node-flags.mjs).
    command: `node ${EMBEDDED_NODE_FLAG} ${path.join(root, 'e2e/support/start-server.mjs')}`,
    url: `http://127.0.0.1:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // And the same environment (glibc's malloc gives large blocks back: decision 0013).
      ...EMBEDDED_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Passkeys (issue 18): browsers refuse an IP address as the relying party, so passkeys are bound
      // to `localhost`; e2e/tests/passkeys.spec.ts opens the app at http://localhost:<port>.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${PORT},http://127.0.0.1:${PORT}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '200',
      SMTP_URL: process.env['E2E_SMTP_URL'] ?? '',
      WEB_DIR: path.join(root, 'apps/web', process.env['KC_WEB_BUILD_DIR'] ?? 'build', 'client'),
      KC_API_OUTFILE: process.env['KC_API_OUTFILE'] ?? 'dist/server.js',
      // The browser plays the part of a reverse proxy on loopback: tests that need distinct
      // client addresses (rate limits) set X-Forwarded-For, which only a trusted proxy may.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
