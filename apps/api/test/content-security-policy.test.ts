import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';

// A built web app in miniature, shaped as React Router's prerender writes it: a consent
// bootstrap, the router context, its streamed data, the route modules' module script, a
// script file, and a JSON-LD data block (not run, so not hashed).
const CONSENT = "try{var c=localStorage.getItem('kc.cookieConsent')}catch(e){}";
const scrollScript = (key: string) => `((storageKey, restoreKey) => {\n  sessionStorage.getItem(storageKey);\n})(${JSON.stringify(key)}, null)`;
const context = (page: string) => `window.__reactRouterContext = {"basename":"/web/","page":${JSON.stringify(page)}};`;
const modules = (route: string) => `import "/web/assets/manifest-1.js";\nimport * as route0 from "/web/assets/${route}.js";\nimport("/web/assets/entry.client-1.js");`;
const JSON_LD = '{"@context":"https://schema.org","@type":"Organization","name":"KC"}';

function page(scripts: string[], moduleScript: string): string {
  return (
    '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>' +
    `<script>${CONSENT}</script><link rel="stylesheet" href="/web/assets/root-1.css"/>` +
    `<script type="application/ld+json">${JSON_LD}</script></head><body><main>KC</main>` +
    scripts.map((s) => `<script>${s}</script>`).join('') +
    `<script type="module" async="">${moduleScript}</script><script src="/web/assets/extra-1.js"></script></body></html>`
  );
}

const PAGES = {
  'index.html': [CONSENT, scrollScript('landing'), context('landing'), modules('landing')],
  'home/calculadoras/index.html': [CONSENT, scrollScript('calculators'), context('calculators'), modules('calculators')],
  '__spa-fallback.html': [CONSENT, context('fallback'), modules('root')],
} as const;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '').split(';').find((d) => d.trim().startsWith('script-src '));
  return directive ? directive.trim().split(/\s+/).slice(1) : [];
}

describe.each(DB_KINDS)('the web app pages’ Content-Security-Policy on %s', (kind) => {
  let t: TTestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-web-csp-'));
    for (const [file, scripts] of Object.entries(PAGES)) {
      const html = page(scripts.slice(1, -1), scripts.at(-1) ?? '');
      await fs.mkdir(path.dirname(path.join(webDir, file)), { recursive: true });
      await fs.writeFile(path.join(webDir, file), html);
    }
    // The landing is also served pre-compressed, as the build writes it.
    await fs.writeFile(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(await fs.readFile(path.join(webDir, 'index.html'))));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'assets', 'extra-1.js'), 'console.log(1);\n');
    t = await buildTestApp(kind, { env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('allows exactly each page’s own inline scripts by hash, and no inline script otherwise', async () => {
    const cases: [url: string, status: number, file: keyof typeof PAGES, encoding?: string][] = [
      ['/web/', 200, 'index.html'],
      ['/web/', 200, 'index.html', 'br'],
      ['/web/index.html', 200, 'index.html'],
      ['/web/home/calculadoras/', 200, 'home/calculadoras/index.html'],
      // An app route (the fallback), and an unknown one (the fallback with 404).
      ['/web/inversor/documentos', 200, '__spa-fallback.html'],
      ['/web/no-such-page', 404, '__spa-fallback.html'],
    ];
    const others = new Set(Object.values(PAGES).flat());
    for (const [url, status, file, encoding] of cases) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding ?? 'identity' } });
      const label = `${url} ${encoding ?? ''}`;
      expect(res.statusCode, label).toBe(status);
      expect(res.headers['content-encoding'], label).toBe(encoding);
      const policy = res.headers['content-security-policy'] as string;
      const sources = scriptSources(policy);
      expect(sources, label).not.toContain("'unsafe-inline'");
      expect(sources, label).not.toContain("'unsafe-eval'");
      expect(sources, label).not.toContain("'strict-dynamic'");
      const own = PAGES[file];
      expect(sources.sort(), label).toEqual(["'self'", ...own.map(sha256)].sort());
      // Not another page's scripts, nor the JSON-LD data block.
      for (const script of others) if (!(own as readonly string[]).includes(script)) expect(sources, label).not.toContain(sha256(script));
      expect(sources, label).not.toContain(sha256(JSON_LD));
      expect(policy, label).toContain("script-src-attr 'none'");
      expect(policy, label).toContain("object-src 'none'");
      expect(policy, label).toContain("base-uri 'none'");
      expect(policy, label).toContain("frame-ancestors 'none'");
      expect(policy, label).toContain("form-action 'self'");
    }
  });

  it('keeps the page’s policy on a revalidation (a 304 replaces the cached page’s headers)', async () => {
    const first = await t.app.inject({ url: '/web/home/calculadoras/', headers: { 'accept-encoding': 'identity' } });
    const again = await t.app.inject({
      url: '/web/home/calculadoras/',
      headers: { 'accept-encoding': 'identity', 'if-none-match': first.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(scriptSources(again.headers['content-security-policy'] as string)).toContain(sha256(context('calculators')));
  });

  it('sends files other than pages with no inline script allowed at all', async () => {
    const res = await t.app.inject('/web/assets/extra-1.js');
    expect(res.statusCode).toBe(200);
    expect(scriptSources(res.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });
});
