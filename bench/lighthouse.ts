// `npm run bench:lighthouse -w @kc/bench`: Lighthouse 12 (mobile profile, simulated
// throttling) on the built product, in Debian's Chromium, median of three runs per page.
// Needs a build (`npm run build`); starts the server itself on a loopback port.
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { serveProduct } from './serve-product.ts';

// LIGHTHOUSE_PAGES=a,b (paths under /web/) measures other pages than the budgeted ones; the
// token `jobs/offers/{first}` stands for the newest open offer's detail page (its id changes
// with every demo seed).
const DEFAULT_PAGES = ['', 'home/info/question-and-answers', 'home/calculadoras/jubilacion', 'jobs', 'jobs/offers', 'jobs/offers/{first}'];
const REQUESTED = process.env['LIGHTHOUSE_PAGES']?.split(',') ?? DEFAULT_PAGES;
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
// LIGHTHOUSE_SAVE=<folder> keeps every report as JSON, to read the metrics and the trace.
const SAVE = process.env['LIGHTHOUSE_SAVE'];
if (SAVE) mkdirSync(SAVE, { recursive: true });

const product = await serveProduct('bench-lighthouse');
const origin = product.origin;

/** The newest open offer of the demo data (issue 17's detail page, with its JobPosting data). */
async function firstOfferId(): Promise<string> {
  const answer = await fetch(`${origin}/api/jobs/offers?sort=date&page=0&size=1`, { headers: { 'company-id': '1' } });
  const id = ((await answer.json()) as { content: { id: string }[] }).content[0]?.id;
  if (!id) throw new Error('lighthouse: the demo data has no open job offer');
  return id;
}
const PAGES = REQUESTED.some((p) => p.includes('{first}'))
  ? await firstOfferId().then((id) => REQUESTED.map((p) => p.replace('{first}', id)))
  : REQUESTED;

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Lighthouse 12, mobile, simulated throttling, median of ${RUNS}`);
console.log(`${'page'.padEnd(64)} perf  a11y  best  seo   FCP ms  LCP ms  TBT ms  each run (perf/a11y/best/seo)`);
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
    // Every run's scores too (a shared machine depresses some runs): perf/a11y/best/seo per run.
    const every = () => scores['performance']!.map((_, i) => ['performance', 'accessibility', 'best-practices', 'seo'].map((c) => scores[c]![i]).join('/')).join('  ');
    console.log(
      `${`/web/${page}`.padEnd(64)} ${m('performance').padEnd(5)} ${m('accessibility').padEnd(5)} ${m('best-practices').padEnd(5)} ${m('seo').padEnd(5)} ${m('fcp').padEnd(7)} ${m('lcp').padEnd(7)} ${m('tbt').padEnd(7)} ${every()}`,
    );
  }
} finally {
  chrome.kill();
  await product.close();
}
