import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';

type TJson = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const load = (language: 'es' | 'en', namespace: string): TJson =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as TJson;
const copy = {
  es: { landing: load('es', 'landing'), content: load('es', 'content'), legal: load('es', 'legal'), contact: load('es', 'contact') },
  en: { landing: load('en', 'landing'), content: load('en', 'content'), legal: load('en', 'legal'), contact: load('en', 'contact') },
};

/** Every public route and its level-1 heading in each language. */
const PAGES: { url: string; heading: (c: (typeof copy)['es']) => string }[] = [
  { url: './', heading: (c) => c.landing.heading },
  { url: 'home', heading: (c) => c.landing.heading },
  { url: 'home/privacy-policy', heading: (c) => c.legal.privacyPolicy.title },
  { url: 'home/terms-and-conditions', heading: (c) => c.legal.terms.title },
  { url: 'home/data-privacy', heading: (c) => c.legal.dataPrivacy.title },
  { url: 'home/cookies', heading: (c) => c.legal.cookies.title },
  { url: 'home/contact-us', heading: (c) => c.contact.pages.general.title },
  { url: 'home/contact/finca-ganadera', heading: (c) => c.contact.pages.fincaGanadera.title },
  { url: 'home/contact/finca-agricola', heading: (c) => c.contact.pages.fincaAgricola.title },
  { url: 'home/info/coin-and-finance', heading: (c) => c.content.coin.title },
  { url: 'home/info/question-and-answers', heading: (c) => c.content.faq.title },
  { url: 'home/info/work-with-us', heading: (c) => c.content.careers.title },
  { url: 'home/info/comerciales', heading: (c) => c.content.salesFaq.title },
];

/**
 * Sends this page's contact submissions from an address of its own, so rate limits of other
 * tests do not apply: a random one of the IPv6 documentation range (2001:db8::/32). Workers run
 * in parallel, so the address must not depend on the clock or a per-worker counter.
 */
async function ownClientAddress(page: Page): Promise<void> {
  const [a, b, c] = Array.from(randomBytes(6).toString('hex').match(/.{4}/g)!);
  const address = `2001:db8:${a}:${b}:${c}::1`;
  await page.route('**/api/contact', (route: Route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

test.describe('every public page', () => {
  for (const { url, heading } of PAGES) {
    test(`${url} has its heading in Spanish and English, no axe violation and no horizontal scroll at 360 px`, async ({ page }) => {
      await gotoApp(page, url);
      await expect(page.getByRole('heading', { level: 1, name: heading(copy.es) })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading(copy.en) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expectNoAxeViolations(page);

      await page.setViewportSize({ width: 360, height: 740 });
      const overflowing = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const clipped = (el: Element | null): boolean => {
          for (let node = el?.parentElement; node && node !== document.body; node = node.parentElement) {
            const overflowX = getComputedStyle(node).overflowX;
            if (overflowX !== 'visible') return true;
          }
          return false;
        };
        return [...document.body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      });
      expect(overflowing).toEqual([]);
    });
  }

  test('public pages arrive as HTML with their text, title and description', async ({ request }) => {
    for (const { url, heading } of PAGES) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain(heading(copy.es).replace(/&/g, '&amp;'));
      expect(html, url).toMatch(/<meta name="description" content="[^"]{50,}"/);
    }
    const faq = await (await request.get('home/info/question-and-answers')).text();
    for (const item of copy.es.content.faq.items as { a: string }[]) expect(faq).toContain(item.a.slice(0, 40));
  });
});

test.describe('landing', () => {
  test('the carousel moves with its buttons and the arrow keys, pauses and announces when paused', async ({ page }) => {
    await gotoApp(page, 'home');
    const carousel = page.getByRole('region', { name: 'Presentación de KC' });
    const slide = (n: number) => carousel.getByRole('group', { name: `Diapositiva ${n} de 4`, includeHidden: true });
    const dot = (n: number) => carousel.getByRole('button', { name: `Ir a la diapositiva ${n}` });
    await expect(slide(1)).toContainText(copy.es.landing.carousel.slides[0].title);
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');

    // The engine loads after the page; once it has, the next button moves one slide.
    const next = carousel.getByRole('button', { name: 'Diapositiva siguiente' });
    await expect(async () => {
      await next.click();
      await expect(dot(1)).not.toHaveAttribute('aria-current', 'true', { timeout: 500 });
    }).toPass();
    const current = async () => {
      for (let n = 1; n <= 4; n++) if ((await dot(n).getAttribute('aria-current')) === 'true') return n;
      return 0;
    };
    const start = await current();
    await expect(slide(start)).not.toHaveAttribute('aria-hidden', 'true');

    // Keyboard: the controls are buttons, and the arrow keys move while focus is inside.
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dot((start % 4) + 1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(dot(start)).toHaveAttribute('aria-current', 'true');
    await dot(3).focus();
    await page.keyboard.press('Enter');
    await expect(dot(3)).toHaveAttribute('aria-current', 'true');
    await expect(slide(3)).toContainText(copy.es.landing.carousel.slides[2].title);
    await expect(slide(1)).toHaveAttribute('aria-hidden', 'true');
    await carousel.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');

    // Focus inside pauses the rotation, so changes are announced.
    const slides = carousel.locator('[aria-live]');
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.getByRole('heading', { level: 1 }).click();
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute('aria-live', 'off');
    await carousel.hover();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute('aria-live', 'off');

    // Pause and play.
    await carousel.getByRole('button', { name: 'Pausar la presentación' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(carousel.getByRole('button', { name: 'Reanudar la presentación' })).toBeVisible();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
  });

  test("loading the carousel's engine links no stylesheet twice, so the page's own rules keep winning", async ({ page }) => {
    await gotoApp(page, 'home');
    const cardText = page.locator('.kc-landing-card-text').first();
    const marginBefore = await cardText.evaluate((node) => getComputedStyle(node).marginTop);
    // The engine arrives with the first move.
    const carousel = page.getByRole('region', { name: 'Presentación de KC' });
    await expect(async () => {
      await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
      await expect(carousel.getByRole('button', { name: 'Ir a la diapositiva 1' })).not.toHaveAttribute('aria-current', 'true', { timeout: 500 });
    }).toPass();
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(sheets.length).toBeGreaterThan(0);
    expect(new Set(sheets).size).toBe(sheets.length);
    expect(await cardText.evaluate((node) => getComputedStyle(node).marginTop)).toBe(marginBefore);
    expect(marginBefore).not.toBe('0px');
  });

  test('with reduced motion the carousel does not rotate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoApp(page, 'home');
    const carousel = page.getByRole('region', { name: 'Presentación de KC' });
    await page.mouse.move(0, 0);
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expect(carousel.getByRole('button', { name: 'Ir a la diapositiva 1' })).toHaveAttribute('aria-current', 'true');
  });

  const buttons: [string, RegExp, string][] = [
    ['Qué es KC', /\/web\/home\/info\/coin-and-finance$/, copy.es.content.coin.title],
    ['Planes de ahorro e inversión', /\/web\/home\/calculadoras$/, ''],
    ['Preguntas frecuentes', /\/web\/home\/info\/question-and-answers$/, copy.es.content.faq.title],
    ['Trabaje con nosotros', /\/web\/home\/info\/work-with-us$/, copy.es.content.careers.title],
  ];
  for (const [name, url, heading] of buttons) {
    test(`the '${name}' button reaches its page`, async ({ page }) => {
      await gotoApp(page, 'home');
      await page.getByRole('navigation', { name: 'Accesos principales' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }

  test('shows the nine benefits, the comparison, where to invest with its FAQ link, and the risk warning', async ({ page }) => {
    await gotoApp(page, 'home');
    for (const benefit of Object.values(copy.es.landing.benefits.items) as { title: string }[]) {
      await expect(page.getByRole('heading', { level: 3, name: benefit.title, exact: true })).toBeVisible();
    }
    const table = page.getByRole('table', { name: copy.es.landing.comparison.caption });
    await expect(table.getByRole('rowheader')).toHaveCount(4);
    await expect(table.getByRole('columnheader', { name: 'Bancos' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Advertencia de riesgo' }).first()).toContainText('Su capital está en riesgo');
    await page.getByRole('link', { name: copy.es.landing.whereToInvest.faqLink }).click();
    await expect(page).toHaveURL(/question-and-answers$/);
  });
});

test.describe('content pages', () => {
  test('FAQ: the first answer is open, the rest closed, a click on a title toggles it', async ({ page }) => {
    await gotoApp(page, 'home/info/question-and-answers');
    const items = copy.es.content.faq.items as { q: string; a: string }[];
    const question = (i: number) => page.getByRole('button', { name: items[i]!.q });
    await expect(page.getByRole('heading', { level: 2, name: items[0]!.q })).toBeVisible();
    await expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(items[0]!.a)).toBeVisible();
    for (let i = 1; i < items.length; i++) await expect(question(i)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(items[2]!.a)).toBeHidden();

    await question(2).click();
    await expect(question(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(items[2]!.a)).toBeVisible();
    await question(2).click();
    await expect(question(2)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(items[2]!.a)).toBeHidden();
    await question(0).click();
    await expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(items[0]!.a)).toBeHidden();
    await question(0).click();
    await expect(question(0)).toHaveAttribute('aria-expanded', 'true');
  });

  const cards: [string, RegExp][] = [
    ['Registrarse como comercial', /\/web\/user\/sign-up-comercial$/],
    ['Registrarse como minero', /\/web\/user\/sign-up-minero$/],
    ['Registrarse como propietario', /\/web\/user\/sign-up-propietario$/],
  ];
  for (const [name, url] of cards) {
    test(`careers: '${name}' reaches its sign-up route`, async ({ page }) => {
      await gotoApp(page, 'home/info/work-with-us');
      for (const title of ['Comerciales', 'Mineros', 'Propietarios']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('the coin page shows the sustainability figures and the full risk warning', async ({ page }) => {
    await gotoApp(page, 'home/info/coin-and-finance');
    for (const text of ['19', '6–8 años', '10 %', '5,5–8', '3 m', '−20 °C', '10–60 km', '58 % / 42 %']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: copy.es.content.sustainability.heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Advertencia sobre los riesgos de invertir en KC' })).toBeVisible();
  });

  test('the sales FAQ covers the reservation and links to the sales sign-up', async ({ page }) => {
    await gotoApp(page, 'home/info/comerciales');
    await page.getByRole('button', { name: '¿Qué es la reserva de clientes?' }).click();
    await expect(page.getByText(/reservado a su nombre durante 6 meses/)).toBeVisible();
    await page.getByRole('link', { name: 'Registrarse como comercial' }).click();
    await expect(page).toHaveURL(/sign-up-comercial$/);
  });

  test.describe('cookie policy', () => {
    test.use({ cookieConsent: null });

    test('lists both providers and lets the visitor choose again', async ({ page }) => {
      await gotoApp(page, 'home/cookies');
      await page.getByRole('dialog', { name: 'Utilizamos cookies' }).getByRole('button', { name: 'Aceptar' }).click();
      const table = page.getByRole('table', { name: copy.es.legal.cookies.table.caption });
      await expect(table.getByRole('rowheader')).toHaveCount(2);
      await expect(table).toContainText('2 años; se renueva en cada visita.');
      await expect(table).toContainText('Sesión: se elimina al cerrar el navegador.');
      await page.getByRole('button', { name: 'Configurar cookies' }).click();
      await expect(page.getByRole('dialog', { name: 'Utilizamos cookies' })).toBeVisible();
    });
  });
});

test.describe('contact forms', () => {
  test('shows every validation message and sends nothing while the form is invalid', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/contact', (route) => {
      calls += 1;
      return route.continue();
    });
    await gotoApp(page, 'home/contact-us');
    await page.getByRole('button', { name: 'Enviar' }).click();
    for (const label of ['Nombre', 'Apellidos', 'Correo electrónico', 'Mensaje']) {
      const field = page.getByRole('textbox', { name: label, exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`[id="${describedBy.split(' ').find((id) => id.includes('error'))}"]`)).toHaveText('Requerido');
    }
    await expect(page.getByText('Debe aceptar la política de privacidad')).toBeVisible();
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('lucia@');
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    expect(calls).toBe(0);

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('You must accept the privacy policy')).toBeVisible();
    await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();
  });

  for (const [url, kind] of [
    ['home/contact-us', 'general'],
    ['home/contact/finca-ganadera', 'finca-ganadera'],
    ['home/contact/finca-agricola', 'finca-agricola'],
  ] as const) {
    test(`${kind}: a valid message is sent and acknowledged`, async ({ page }) => {
      await ownClientAddress(page);
      await gotoApp(page, url);
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
      await page.getByRole('textbox', { name: 'Apellidos' }).fill('Martín');
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('lucia@example.com');
      await page.getByRole('textbox', { name: 'Teléfono (opcional)' }).fill('+34 600 123 456');
      await page.getByRole('textbox', { name: 'Mensaje' }).fill('Quisiera más información.');
      await page.getByRole('checkbox', { name: 'He leído y acepto la política de privacidad' }).check();
      const request = page.waitForRequest('**/api/contact');
      await page.getByRole('button', { name: 'Enviar' }).click();
      expect((await request).postDataJSON()).toMatchObject({ kind, name: 'Lucía', acceptPrivacy: true });
      await expect(page.getByRole('status')).toContainText('Hemos recibido su mensaje');
      await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
      await expectNoAxeViolations(page);
    });
  }

  test('the server refusing repeated messages is shown in the page', async ({ page, consoleErrors }) => {
    await ownClientAddress(page);
    await gotoApp(page, 'home/contact-us');
    const send = async () => {
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
      await page.getByRole('textbox', { name: 'Apellidos' }).fill('Martín');
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('lucia@example.com');
      await page.getByRole('textbox', { name: 'Mensaje' }).fill('Hola');
      await page.getByRole('checkbox', { name: 'He leído y acepto la política de privacidad' }).check();
      const response = page.waitForResponse('**/api/contact');
      await page.getByRole('button', { name: 'Enviar' }).click();
      return (await response).status();
    };
    for (let i = 0; i < 5; i++) expect(await send()).toBe(201);
    expect(await send()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(copy.es.contact.form.rateLimited);
    await expectNoAxeViolations(page);
    // The browser logs the refused request as a failed resource; that is this test's point.
    allowStatuses(consoleErrors, 429);
  });

  test('field errors from the server land on their fields', async ({ page, consoleErrors }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'https://kc.example/problems/validation',
          title: 'Datos no válidos',
          status: 400,
          detail: 'Existen errores en el formulario.',
          code: 'validation',
          errors: [{ field: 'email', message: 'Invalid email' }],
        }),
      }),
    );
    await gotoApp(page, 'home/contact-us');
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await page.getByRole('textbox', { name: 'Apellidos' }).fill('Martín');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('lucia@example.com');
    await page.getByRole('textbox', { name: 'Mensaje' }).fill('Hola');
    await page.getByRole('checkbox', { name: 'He leído y acepto la política de privacidad' }).check();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('alert')).toHaveText(copy.es.contact.form.fieldErrors);
    await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Invalid email')).toBeVisible();
    // The browser logs the refused request as a failed resource; that is this test's point.
    allowStatuses(consoleErrors, 400);
  });
});
