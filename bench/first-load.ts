// `npm run bench:first-load -w @kc/bench` (after `npm run build`): the first-load JavaScript of
// the budgeted pages (page-weight.ts), alone. Starts the server itself on a loopback port.
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { measureFirstLoad, printFirstLoad, webBuildDir } from './page-weight.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: path.resolve(import.meta.dirname, '../var/bench-first-load'),
  SEED_DEMO: 'true',
  MAIL_POLL_MS: '0',
  WEB_DIR: webBuildDir,
});
const { app } = await createRuntime(config);
await app.listen({ port: 0, host: '127.0.0.1' });
try {
  console.log('— First-load JavaScript in Chromium (gzip -9 of every script the page fetches) —');
  const met = printFirstLoad(await measureFirstLoad(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`), (label, value) =>
    console.log(`${label.padEnd(48)} ${value}`),
  );
  process.exitCode = met ? 0 : 1;
} finally {
  await app.close();
}
