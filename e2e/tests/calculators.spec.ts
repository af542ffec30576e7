import type { Page } from '@playwright/test';
import {
  CALCULATOR_FIELDS,
  calculate,
  defaultInputs,
  formatMoney,
  PLAN_IDS,
  PLANS,
  statusImage,
  type TCalculatorField,
  type TCalculatorInputs,
  type TPlanId,
} from '@kc/domain';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';

const BASE = new Date().getUTCFullYear();
const TITLES: Record<TPlanId, string> = {
  jubilacion: 'Calculadora jubilación digna',
  fideicomiso: 'Calculadora estudios/fideicomiso',
  padrinazgo: 'Calculadora padrinazgo',
  cerocupones: 'Calculadora cero cupones',
  emprendedor: 'Calculadora para emprendedor',
  sostenibilidad: 'Calculadora sostenibilidad',
  personalizado: 'Calculadora personalizada',
};

/** Opens a calculator and waits until its form has hydrated (its handlers are attached). */
async function openCalculator(page: Page, url: string) {
  await gotoApp(page, url);
  await expect(page.locator('form[data-ready="true"]')).toHaveCount(1);
}

const field = (page: Page, name: TCalculatorField) => page.locator(`input[name="${name}"]`);
const asText = (value: number) => String(value).replace('.', ',');

async function setField(page: Page, name: TCalculatorField, text: string) {
  await field(page, name).fill(text);
  await field(page, name).press('Tab');
}

async function expectResults(page: Page, inputs: TCalculatorInputs, planId: TPlanId) {
  const result = calculate(inputs, planId);
  await expect(page.getByTestId('result-totalAportado')).toContainText(formatMoney(result.totalAportado));
  await expect(page.getByTestId('result-beneficioBrutoKc')).toContainText(formatMoney(result.beneficioBrutoKc));
  await expect(page.getByTestId('result-disponibleAlFinal')).toContainText(formatMoney(result.resultadoKc));
  const chart = page.getByTestId('comparison-chart');
  for (const item of result.chart) await expect(chart.locator(`[data-bar="${item.id}"]`)).toContainText(formatMoney(item.value));
  if (PLANS[planId].showsMonthlyIncome) {
    await expect(page.getByTestId('result-rentaMensualKc')).toContainText(formatMoney(result.rentaMensualKc));
    await expect(page.getByTestId('result-complementoMensualKc')).toContainText(formatMoney(result.complementoMensualKc));
    await expect(page.getByTestId('result-rendimientoCuponCero')).toContainText(formatMoney(result.rendimientoCuponCero));
  } else {
    await expect(page.getByTestId('result-rentaMensualKc')).toHaveCount(0);
  }
  if (result.sustainability) {
    await expect(page.getByTestId('result-treesFunded')).toContainText(String(result.sustainability.treesFunded));
    await expect(page.getByTestId('result-familyMembersCo2Neutral')).toContainText(
      String(result.sustainability.familyMembersCo2Neutral),
    );
  }
  await expect(page.locator('[data-status-image]')).toHaveAttribute('data-status-image', statusImage(result, planId));
  return result;
}

test.describe('calculators list', () => {
  test('shows the seven cards with their titles and images, and opens a calculator', async ({ page }) => {
    await gotoApp(page, 'home/calculadoras');
    await expect(page.getByRole('heading', { level: 1, name: 'Planes de ahorro e inversión' })).toBeVisible();
    for (const planId of PLAN_IDS) {
      const link = page.getByRole('link', { name: TITLES[planId], exact: true });
      await expect(link).toHaveAttribute('href', `/web/home/calculadoras/${planId}`);
      await expect(page.getByRole('img', { name: `Ilustración: ${TITLES[planId]}` })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: TITLES.padrinazgo, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: TITLES.padrinazgo })).toBeVisible();
    await expect(field(page, 'capitalInicial')).toHaveValue('6000');
  });
});

for (const planId of PLAN_IDS) {
  test(`${planId}: defaults, visibility, linked fields, bounds, results, link and Contratar`, async ({ page, context }) => {
    test.setTimeout(60_000); // one long journey per plan
    // The hiring screen is for a logged-in investor; the calculator itself needs no session.
    await loginAs(page, 'investor@kc.example');
    const plan = PLANS[planId];
    const defaults = defaultInputs(planId, BASE);
    await openCalculator(page, `home/calculadoras/${planId}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLES[planId] })).toBeVisible();
    await expect(page).toHaveTitle(`${TITLES[planId]} | KC`);

    // Defaults shown; hidden fields absent; the bank interest always there.
    for (const name of CALCULATOR_FIELDS) {
      if (plan.visibleFields.includes(name)) await expect(field(page, name)).toHaveValue(asText(defaults[name]));
      else await expect(field(page, name)).toHaveCount(0);
    }
    await expect(page.getByRole('textbox', { name: 'Interés bancario anual (%)', exact: true })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Interés bancario anual (%): control deslizante' })).toBeVisible();

    // A linked change updates its partners.
    let inputs: TCalculatorInputs;
    if (plan.showsAges) {
      await setField(page, 'edadJubilacion', '70');
      await expect(field(page, 'numAnyos')).toHaveValue('30');
      await expect(field(page, 'anyoJubilacion')).toHaveValue(String(BASE + 30));
      inputs = { ...defaults, edadJubilacion: 70, numAnyos: 30, anyoJubilacion: BASE + 30 };
    } else {
      await setField(page, 'numAnyos', '20');
      if (plan.visibleFields.includes('anyoJubilacion')) {
        await expect(field(page, 'anyoJubilacion')).toHaveValue(String(BASE + 20));
      }
      inputs = { ...defaults, numAnyos: 20, anyoJubilacion: BASE + 20, edadJubilacion: defaults.edadActual + 20 };
    }
    inputs = { ...inputs, disponibleAlFinal: calculate(inputs, planId).resultadoKc };
    await expect(field(page, 'disponibleAlFinal')).toHaveValue(String(inputs.disponibleAlFinal));

    // An out-of-bounds value shows its message once touched and blocks Calcular.
    await field(page, 'bancoInteres').fill('25');
    await expect(page.getByText('Debe estar entre 0 y 20')).toHaveCount(0);
    await field(page, 'bancoInteres').press('Tab');
    await expect(field(page, 'bancoInteres')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Interés bancario anual (%): Debe estar entre 0 y 20')).toBeVisible();
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByRole('heading', { name: 'Resultados' })).toHaveCount(0);
    await setField(page, 'bancoInteres', '2,5');
    inputs = { ...inputs, bancoInteres: 2.5 };

    // Calcular: the figures are the engine's.
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByRole('heading', { name: 'Resultados' })).toBeVisible();
    await expect(page.getByTestId('comparison-chart')).toContainText('Banco al 2,5 %');
    await expectResults(page, inputs, planId);
    await expect(page.getByRole('complementary', { name: 'Advertencia de riesgo' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The status image follows the monthly income across a threshold (or is the plan's own).
    if (plan.visibleFields.includes('aportacionMensual')) {
      await setField(page, 'aportacionMensual', '3000');
      inputs = { ...inputs, aportacionMensual: 3000 };
      inputs = { ...inputs, disponibleAlFinal: calculate(inputs, planId).resultadoKc };
      const before = statusImage(calculate({ ...inputs, aportacionMensual: 50 }, planId), planId);
      const after = await expectResults(page, inputs, planId);
      if (plan.showsMonthlyIncome) expect(statusImage(after, planId)).not.toBe(before);
      else expect(statusImage(after, planId)).toBe(`plan-${planId}`);
    }

    // The address is a link to this calculation: another tab shows the same results.
    await expect(page).toHaveURL(new RegExp(`bancoInteres=2.5`));
    const link = page.url();
    const other = await context.newPage();
    await openCalculator(other, link);
    await expect(other.getByRole('heading', { name: 'Resultados' })).toBeVisible();
    await expectResults(other, inputs, planId);
    await other.close();

    // Contratar keeps the plan and its values for the hiring screen, across a reload.
    await page.getByRole('button', { name: 'Contratar' }).click();
    await expect(page).toHaveURL(/\/web\/inversor\/contratar$/);
    await page.reload();
    const draft = JSON.parse((await page.evaluate(() => window.localStorage.getItem('kc.hireDraft'))) ?? 'null');
    expect(draft).toMatchObject({ calcId: planId, values: { numAnyos: inputs.numAnyos, bancoInteres: 2.5 } });
    expect(new Date(draft.fechaFin).getUTCFullYear() - new Date(draft.fechaInicio).getUTCFullYear()).toBe(inputs.numAnyos);
  });
}

test.describe('calculator pages as prerendered', () => {
  test('each arrives as HTML with its fields, sliders and Calcular, not a loading state', async ({ request }) => {
    for (const planId of PLAN_IDS) {
      const response = await request.get(`home/calculadoras/${planId}`);
      expect(response.status(), planId).toBe(200);
      const html = await response.text();
      expect(html, planId).toContain(`<title>${TITLES[planId]} | KC</title>`);
      for (const name of CALCULATOR_FIELDS) {
        expect(html.includes(`name="${name}"`), `${planId} ${name}`).toBe(PLANS[planId].visibleFields.includes(name));
      }
      const sliders = PLANS[planId].visibleFields.length - PLANS[planId].readOnlyFields.length;
      expect(html.match(/type="range"/g) ?? [], planId).toHaveLength(sliders);
      expect(html, planId).toContain('>Calcular</button>');
      expect(html, planId).not.toContain('Cargando');
    }
  });

  test('no horizontal scroll at 360 px, with the results shown', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const planId of ['jubilacion', 'padrinazgo'] as const) {
      await openCalculator(page, `home/calculadoras/${planId}`);
      await page.getByRole('button', { name: 'Calcular' }).click();
      await expect(page.getByRole('heading', { name: 'Resultados' })).toBeVisible();
      const overflowing = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const clipped = (el: Element | null): boolean => {
          for (let node = el?.parentElement; node && node !== document.body; node = node.parentElement) {
            if (getComputedStyle(node).overflowX !== 'visible') return true;
          }
          return false;
        };
        return [...document.body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      });
      expect(overflowing, planId).toEqual([]);
    }
  });
});

test.describe('calculator extras', () => {
  test('a link with bad values falls back to the defaults and says so', async ({ page }) => {
    await openCalculator(page, 'home/calculadoras/emprendedor?numAnyos=99&capitalInicial=abc&aportacionMensual=100');
    await expect(page.getByText(/no eran válidos.*Años de ahorro, Capital inicial \(€\)/)).toBeVisible();
    await expect(field(page, 'numAnyos')).toHaveValue('27');
    await expect(field(page, 'aportacionMensual')).toHaveValue('100');
    await expectResults(page, { ...defaultInputs('emprendedor', BASE), aportacionMensual: 100 }, 'emprendedor');
  });

  test('copy link puts the calculation’s address on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openCalculator(page, 'home/calculadoras/personalizado');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(page.getByText('Enlace copiado.', { exact: false })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/web\/home\/calculadoras\/personalizado\?numAnyos=27&capitalInicial=0&aportacionMensual=50/);
  });

  test('prints the results without the navigation and the buttons', async ({ page }) => {
    await openCalculator(page, 'home/calculadoras/jubilacion');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Contratar' })).toBeHidden();
    await expect(page.getByTestId('comparison-chart')).toBeVisible();
  });

  test('reads as English too', async ({ page }) => {
    await openCalculator(page, 'home/calculadoras/jubilacion');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('textbox', { name: 'Current age', exact: true })).toHaveValue('40');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('opens in the stored language without a hydration error', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('kc.language', 'en'));
    await openCalculator(page, 'home/calculadoras/sostenibilidad');
    await expect(page.getByRole('heading', { level: 1, name: 'Sustainability calculator' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Retirement age', exact: true })).toHaveValue('67');
  });
});
