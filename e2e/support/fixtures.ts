import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught page error (conventions, 15 and 16). By
 * default the cookie choice is already made, so the dialog does not cover the page; tests of
 * the dialog opt out with `test.use({ cookieConsent: null })`.
 */
export const test = base.extend<{ cookieConsent: 'accepted' | 'rejected' | null; consoleErrors: string[] }>({
  cookieConsent: ['accepted', { option: true }],
  consoleErrors: [
    async ({ page, cookieConsent }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // The resource's address too: "Failed to load resource: … 401" alone does not say which call it was.
        if (message.type() === 'error') errors.push(message.location().url ? `${message.text()} (${message.location().url})` : message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      if (cookieConsent) {
        await page.addInitScript((value) => {
          if (!window.localStorage.getItem('kc.cookieConsent')) window.localStorage.setItem('kc.cookieConsent', value);
        }, cookieConsent);
      }
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs axe-core (WCAG 2.1 AA) on the page and expects no violation. It first waits for running
 * CSS transitions and animations to end (an infinite one, such as a spinner, is left alone): a
 * dialog still fading in or out is half transparent, and axe would judge its colours mid-fade.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until the app has hydrated (React Router marks it), so clicks reach React. */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // Hydrated: a click before it would reach the prerendered HTML only.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-kc-hydrated'));
}

/** Browser lines for answers the test expects (a refusal, a 401) are not errors of the app. */
export function allowStatuses(consoleErrors: string[], ...statuses: number[]): void {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`))));
}

/** Today as the app shows it (dd/mm/yyyy in Europe/Madrid, the product's calendar), whatever the test machine's zone. */
export const madridTodayShown = (): string =>
  new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/**
 * Chromium's console lines for scripts the page's Content-Security-Policy refused, for a test
 * that injects them on purpose: removes them and returns how many there were.
 */
export function allowCspRefusals(consoleErrors: string[]): number {
  const refused = (e: string) => /violates the following Content Security Policy directive/.test(e);
  const count = consoleErrors.filter(refused).length;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused(e)));
  return count;
}
