// `npm run bench:lighthouse -w @kc/bench`: Lighthouse 12 (mobile profile, simulated
// throttling) on the built product, in Debian's Chromium, median of three runs per page.
// Needs a build (`npm run build`); starts the server itself on a loopback port.
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../apps/api/src/config.ts';
import { createRuntime } from '../apps/api/src/runtime.ts';

const PAGES = ['', 'home/info/question-and-answers', 'home/calculadoras/jubilacion'];
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: path.resolve(import.meta.dirname, '../var/bench-lighthouse'),
  SEED_DEMO: 'true',
  MAIL_POLL_MS: '0',
  ...(process.env['KC_WEB_BUILD_DIR'] ? { WEB_DIR: path.resolve(import.meta.dirname, '../apps/web', process.env['KC_WEB_BUILD_DIR'], 'client') } : {}),
});
const { app } = await createRuntime(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Lighthouse 12, mobile, simulated throttling, median of ${RUNS}`);
console.log(`${'page'.padEnd(44)} perf  a11y  best  seo   FCP ms  LCP ms  TBT ms`);
try {
  for (const page of PAGES) {
    const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [], fcp: [], lcp: [], tbt: [] };
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${origin}/web/${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr;
      for (const c of ['performance', 'accessibility', 'best-practices', 'seo']) scores[c]!.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      scores['fcp']!.push(Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0));
      scores['lcp']!.push(Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0));
      scores['tbt']!.push(Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0));
    }
    const m = (k: string) => String(median(scores[k]!));
    console.log(
      `${`/web/${page}`.padEnd(44)} ${m('performance').padEnd(5)} ${m('accessibility').padEnd(5)} ${m('best-practices').padEnd(5)} ${m('seo').padEnd(5)} ${m('fcp').padEnd(7)} ${m('lcp').padEnd(7)} ${m('tbt')}`,
    );
  }
} finally {
  chrome.kill();
  await app.close();
}
