import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * First-load JavaScript, measured in Debian's Chromium: every script a page fetches until the
 * network has been idle (its HTML's scripts and modulepreloads, and any chunk imported at
 * start-up or during hydration), each sized as gzip -9 of the built file (what the server's
 * pre-compressed .gz holds). Chunks fetched later, on demand (English texts, the carousel's
 * engine before it moves), are not part of it.
 */
export const BUDGETED_PAGES = [
  { label: 'landing /web/', page: '', budgetKb: 150 },
  { label: 'FAQ /web/home/info/question-and-answers', page: 'home/info/question-and-answers', budgetKb: undefined },
  { label: 'calculator /web/home/calculadoras/jubilacion', page: 'home/calculadoras/jubilacion', budgetKb: 170 },
  { label: 'jobs home /web/jobs', page: 'jobs', budgetKb: 160 },
  { label: 'jobs list /web/jobs/offers', page: 'jobs/offers', budgetKb: 160 },
] as const;

export const webBuildDir = path.resolve(import.meta.dirname, '../apps/web', process.env['KC_WEB_BUILD_DIR'] ?? 'build', 'client');

const gzipSize = (url: string) => zlib.gzipSync(fs.readFileSync(path.join(webBuildDir, new URL(url).pathname.replace(/^\/web\//, ''))), { level: 9 }).length;

export interface TFirstLoad {
  label: string;
  budgetKb: number | undefined;
  gzipBytes: number;
  files: { path: string; gzipBytes: number }[];
}

/** Visits each budgeted page of the app served at `origin` (a fresh browser context each). */
export async function measureFirstLoad(origin: string): Promise<TFirstLoad[]> {
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
  try {
    const results: TFirstLoad[] = [];
    for (const { label, page: pagePath, budgetKb } of BUDGETED_PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(request.url());
      });
      await page.goto(`${origin}/web/${pagePath}`, { waitUntil: 'networkidle' });
      // A selector, not waitForFunction: polling a string needs eval, which the page's CSP refuses
      // (it failed whenever a page had not hydrated by the first network idle).
      await page.locator('html[data-kc-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const files = [...scripts].map((url) => ({ path: new URL(url).pathname, gzipBytes: gzipSize(url) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
      results.push({ label, budgetKb, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

const KB = 1024;

/** One line per page, with the budget's verdict; every file too when BENCH_VERBOSE is set. */
export function printFirstLoad(results: TFirstLoad[], line: (label: string, value: string) => void): boolean {
  let allMet = true;
  for (const { label, budgetKb, gzipBytes, files } of results) {
    const kb = gzipBytes / KB;
    const met = budgetKb === undefined || kb <= budgetKb;
    allMet &&= met;
    const verdict = budgetKb === undefined ? '' : ` (budget ≤ ${budgetKb} KB: ${met ? 'met' : 'MISSED'})`;
    line(label, `${kb.toFixed(1)} KB in ${files.length} files${verdict}`);
    if (process.env['BENCH_VERBOSE']) for (const file of files) console.log(`    ${(file.gzipBytes / KB).toFixed(1).padStart(6)} ${file.path}`);
  }
  return allMet;
}
