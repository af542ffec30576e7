// `npm run bench:first-load -w @kc/bench` (after `npm run build`): the JavaScript each budgeted
// page really loads on a first visit, measured in Debian's Chromium: every script the browser
// fetches until the network has been idle (the HTML's scripts and modulepreloads, and any chunk
// imported at start-up or during hydration), sized as gzip -9 of the built file (what the
// server's pre-compressed .gz holds). Chunks fetched later on demand (hover preloads, English
// texts, the carousel's engine after idle) are listed apart. Starts the server itself on a
// loopback port.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/api/src/config.ts';
import { createRuntime } from '../apps/api/src/runtime.ts';

export const BUDGETED_PAGES = [
  { label: 'landing /web/', page: '', budgetKb: 150 },
  { label: 'FAQ /web/home/info/question-and-answers', page: 'home/info/question-and-answers', budgetKb: undefined },
  { label: 'calculator /web/home/calculadoras/jubilacion', page: 'home/calculadoras/jubilacion', budgetKb: 170 },
] as const;

const webDir = path.resolve(import.meta.dirname, '../apps/web', process.env['KC_WEB_BUILD_DIR'] ?? 'build', 'client');
const gzipSize = (url: string) => zlib.gzipSync(fs.readFileSync(path.join(webDir, new URL(url).pathname.replace(/^\/web\//, ''))), { level: 9 }).length;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: path.resolve(import.meta.dirname, '../var/bench-first-load'),
  SEED_DEMO: 'true',
  MAIL_POLL_MS: '0',
  WEB_DIR: webDir,
});
const { app } = await createRuntime(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });

const KB = 1024;
console.log('— First-load JavaScript in Chromium (gzip -9 of every script fetched by the page) —');
let failed = false;
try {
  for (const { label, page: pagePath, budgetKb } of BUDGETED_PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    await page.goto(`${origin}/web/${pagePath}`, { waitUntil: 'networkidle' });
    // Hydration has finished when React has attached its listeners; give start-up imports time.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle');
    const unique = [...new Set(scripts)];
    const total = unique.reduce((sum, url) => sum + gzipSize(url), 0);
    const within = budgetKb === undefined ? '' : total / KB <= budgetKb ? ` (budget ≤ ${budgetKb} KB: met)` : ` (budget ≤ ${budgetKb} KB: MISSED)`;
    if (budgetKb !== undefined && total / KB > budgetKb) failed = true;
    console.log(`${label.padEnd(48)} ${(total / KB).toFixed(1)} KB in ${unique.length} files${within}`);
    if (process.env['BENCH_VERBOSE']) {
      for (const url of unique.sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`    ${(gzipSize(url) / KB).toFixed(1).padStart(6)} ${new URL(url).pathname}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
process.exitCode = failed ? 1 : 0;
