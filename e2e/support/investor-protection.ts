import type { Page } from '@playwright/test';
import { APPROPRIATENESS_QUESTIONS } from '@kc/domain';
import { expect } from './fixtures.ts';

/**
 * Investor protection on the hiring screen (issue 16): an investor without a current test takes
 * it honestly (the domain's answer key) and comes back; then ticks that the key information
 * sheet was read and, when the hire shows a risk warning, acknowledges it.
 */
export async function answerTest(page: Page, options: { pass?: boolean; netWorth?: string } = {}): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Test de conveniencia' })).toBeVisible();
  for (const q of APPROPRIATENESS_QUESTIONS) {
    const option = options.pass === false ? q.options.find((o) => o.id !== q.correct)! : (q.options.find((o) => o.id === q.correct) ?? q.options[0]!);
    await page.getByRole('radiogroup', { name: q.text.es }).getByRole('radio', { name: option.text.es, exact: true }).check();
  }
  await page.getByLabel('Patrimonio neto').fill(options.netWorth ?? '250000');
  await page.getByLabel('Ingresos anuales netos').fill('40000');
  await page.getByLabel('Compromisos financieros anuales').fill('6000');
  await page.getByRole('button', { name: 'Enviar el test' }).click();
  await expect(page.getByRole('heading', { name: 'Resultado del test' })).toBeVisible();
}

export async function completeInvestorProtection(page: Page): Promise<void> {
  const takeTest = page.getByRole('link', { name: 'Hacer el test de conveniencia' });
  const sheet = page.getByRole('checkbox', { name: /He leído la ficha de datos fundamentales/ });
  await expect(takeTest.or(sheet)).toBeVisible();
  if (await takeTest.isVisible()) {
    await takeTest.click();
    await answerTest(page);
    await page.getByRole('link', { name: 'Volver a la contratación' }).click();
  }
  await sheet.check();
  const acknowledge = page.getByRole('checkbox', { name: 'Entiendo la advertencia y el riesgo de perder lo invertido' });
  if (await acknowledge.isVisible()) await acknowledge.check();
}
