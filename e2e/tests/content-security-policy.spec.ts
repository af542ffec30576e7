import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { allowCspRefusals, allowStatuses, expect, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';

type TWatched = Window & { __cspViolations: string[]; __pwned?: number };

/** Collects the page's CSP violation reports from before its first script runs. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as TWatched;
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.effectiveDirective}: ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as TWatched).__cspViolations);

const scriptSources = (policy: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1) ?? [];

/**
 * Opens a page and checks its policy against the HTML it was served with: scripts need no
 * 'unsafe-inline', and every inline script a browser would run (as Chromium's own parser reads
 * the HTML) is allowed by its hash. Then waits for the app to hydrate.
 */
async function openChecked(page: Page, url: string, status = 200): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  const policy = (await response!.headerValue('content-security-policy')) ?? '';
  const sources = scriptSources(policy);
  expect(sources, url).toContain("'self'");
  expect(sources, url).not.toContain("'unsafe-inline'");
  expect(sources, url).not.toContain("'unsafe-eval'");
  expect(policy, url).toContain("script-src-attr 'none'");
  const inline = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const runs = (type: string) => type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type);
    return [...doc.scripts].filter((s) => !s.hasAttribute('src') && runs(s.type.trim())).map((s) => s.text);
  }, await response!.text());
  // The router's context and its route modules, at least.
  expect(inline.length, url).toBeGreaterThanOrEqual(2);
  for (const text of inline) {
    expect(sources, `${url}: ${text.slice(0, 60)}`).toContain(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-kc-hydrated'));
}

test.describe('the Content-Security-Policy', () => {
  test.beforeEach(async ({ page }) => watchViolations(page));

  test('the landing and a calculator run under it and work, with no violation', async ({ page }) => {
    await openChecked(page, './');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await openChecked(page, 'home/calculadoras/jubilacion');
    await expect(page.locator('form[data-ready="true"]')).toHaveCount(1);
    await page.locator('input[name="edadJubilacion"]').fill('70');
    await page.locator('input[name="edadJubilacion"]').press('Tab');
    await expect(page.locator('input[name="numAnyos"]')).toHaveValue('30');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByRole('heading', { name: 'Resultados' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the not-found page (the app from its fallback, status 404) runs under it', async ({ page, consoleErrors }) => {
    await openChecked(page, 'no/such/page', 404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // Chromium reports the 404 document itself as a failed resource.
    allowStatuses(consoleErrors, 404);
  });

  test("the API's reference (Swagger UI) renders under the documents' policy, with no violation", async ({ page }) => {
    const response = await page.goto('/api/docs/');
    expect(scriptSources((await response!.headerValue('content-security-policy')) ?? '')).not.toContain("'unsafe-inline'");
    await expect(page.getByRole('heading', { name: /KC platform API/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("an investor's app page works, and an injected inline script or event handler is refused", async ({ page, consoleErrors }) => {
    await loginAs(page, 'investor@kc.example');
    await openChecked(page, 'dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filtrar por estado' });
    await filters.getByRole('button', { name: /^Activos/ }).click();
    await expect(filters.getByRole('button', { name: /^Activos/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await violations(page)).toEqual([]);

    // What an injection would add: a script element, and markup with an event handler.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 1';
      document.body.appendChild(script);
      document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:," onerror="window.__pwned = 2">');
    });
    await expect.poll(() => violations(page)).toEqual(['script-src-elem: inline', 'script-src-attr: inline']);
    expect(await page.evaluate(() => (window as unknown as TWatched).__pwned)).toBeUndefined();
    // The app still works.
    await filters.getByRole('button', { name: /^Todos/ }).click();
    await expect(filters.getByRole('button', { name: /^Todos/ })).toHaveAttribute('aria-pressed', 'true');
    // Chromium also reports each refusal on the console: these two, and only these, are expected.
    await expect.poll(() => consoleErrors.filter((e) => e.includes('Content Security Policy')).length).toBe(2);
    expect(allowCspRefusals(consoleErrors)).toBe(2);
  });
});
