// `npm run bench:lighthouse -w @kc/bench`: Lighthouse 12 (mobile profile, simulated
// throttling) on the built product, in Debian's Chromium, median of three runs per page.
// Needs a build (`npm run build`); starts the server itself on a loopback port.
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { serveProduct } from './serve-product.ts';

// LIGHTHOUSE_PAGES=a,b (paths under /web/) measures other pages than the three budgeted ones.
const PAGES = process.env['LIGHTHOUSE_PAGES']?.split(',') ?? ['', 'home/info/question-and-answers', 'home/calculadoras/jubilacion'];
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
// LIGHTHOUSE_SAVE=<folder> keeps every report as JSON, to read the metrics and the trace.
const SAVE = process.env['LIGHTHOUSE_SAVE'];
if (SAVE) mkdirSync(SAVE, { recursive: true });

const product = await serveProduct('bench-lighthouse');
const origin = product.origin;

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
      if (SAVE) writeFileSync(`${SAVE}/${page.replaceAll('/', '_') || 'landing'}-${i}.json`, JSON.stringify(lhr));
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
  await product.close();
}
