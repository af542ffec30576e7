// `npm run bench:throttled -w @kc/bench`: what a saver on a slow mobile connection sees, in a
// real browser with real throttling rather than Lighthouse's simulation. Needs a build
// (`npm run build`); starts the product itself on a loopback port.
//
// Debian's Chromium with DevTools throttling as Lighthouse applies it in its "devtools" mode
// (mobile slow 4G: 562.5 ms per request, 1.47 Mbit/s down, 675 kbit/s up, CPU 4× slower),
// a fresh context per visit (no cache, no stored cookie choice). For each budgeted page, median
// of BENCH_RUNS visits (3 by default): first contentful paint, largest contentful paint, and
// when the page became interactive (React finished hydrating: `data-kc-hydrated` on <html>).
import { chromium } from 'playwright-core';
import { BUDGETED_PAGES } from './page-weight.ts';
import { serveProduct } from './serve-product.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);

/** Installed before any page script: notes when hydration marks <html> and the last LCP entry. */
const OBSERVE = `
window.__kcTimes = { lcp: 0, hydrated: 0 };
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__kcTimes.lcp = e.startTime; })
  .observe({ type: 'largest-contentful-paint', buffered: true });
new MutationObserver((_, observer) => {
  if (document.documentElement?.hasAttribute('data-kc-hydrated')) { window.__kcTimes.hydrated = performance.now(); observer.disconnect(); }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-kc-hydrated'] });
`;

interface TVisit {
  fcp: number;
  lcp: number;
  hydrated: number;
}

const product = await serveProduct('bench-throttled');
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  console.log(`Chromium, DevTools throttling (slow 4G, CPU 4×), median of ${RUNS} visits, ms after navigation start`);
  console.log(`${'page'.padEnd(48)} FCP     LCP     hydrated`);
  for (const { label, page: pagePath } of BUDGETED_PAGES) {
    const visits: TVisit[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1474.56 * 1024) / 8,
        uploadThroughput: (675 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${product.origin}/web/${pagePath}`, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForFunction(() => (globalThis as unknown as { __kcTimes: { hydrated: number } }).__kcTimes.hydrated > 0, undefined, { timeout: 60_000 });
      // LCP is final once the page has been idle for a moment after hydration.
      await page.waitForTimeout(500);
      visits.push(
        await page.evaluate(() => {
          const times = (globalThis as unknown as { __kcTimes: { lcp: number; hydrated: number } }).__kcTimes;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          return { fcp, lcp: times.lcp, hydrated: times.hydrated };
        }),
      );
      await context.close();
    }
    const m = (key: keyof TVisit) => String(Math.round(median(visits.map((visit) => visit[key])))).padEnd(8);
    console.log(`${label.padEnd(48)} ${m('fcp')}${m('lcp')}${m('hydrated')}`);
  }
} finally {
  await browser.close();
  await product.close();
}
