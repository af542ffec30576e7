import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';

const ADMIN = 'admin@kc.example';
const INVESTOR = 'investor@kc.example';
/** A 1 × 1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TITLE = `Piso en Gràcia e2e ${Date.now().toString(36)}`;

const fitsIn360 = async (page: Page) => {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
};

test.describe('properties and plantations behind KC (issue 15, part assets)', () => {
  // The machine runs several builds and suites at once: axe and the first loads get more time.
  test.slow();

  test('ADMIN creates a home with an uploaded photo (a bad value refused on its field) and publishes it; the investor sees it in the list and its detail', async ({ page }) => {
    await loginAs(page, ADMIN);
    await gotoApp(page, 'admin/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Inmuebles y plantaciones' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: /Inmuebles y plantaciones de la compañía/ })).toContainText('Apartamento en Teatinos');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Nueva vivienda' }).click();
    const form = page.getByRole('form', { name: 'Nueva vivienda' });
    await form.getByLabel('Nombre').fill(TITLE);
    await form.getByLabel('Descripción').fill('Piso de dos dormitorios en Gràcia, reformado, alquilado con contrato de cinco años.');
    await form.getByLabel('Localidad').fill('Barcelona');
    await form.getByLabel('Provincia').fill('Barcelona');
    await form.getByLabel('Fecha de adquisición').fill('2021-05-10');
    // A thousands separator is refused rather than guessed.
    await form.getByLabel('Precio de adquisición (€)').fill('265.000,50');
    await form.getByLabel('Última tasación (€)').fill('289500.00');
    await form.getByLabel('Fecha de la tasación').fill('2025-06-30');
    await form.getByLabel('Dirección').fill('Carrer de Verdi, 12, 2.º 1.ª, 08012');
    await form.getByLabel('Superficie construida (m²)').fill('68.40');
    await form.getByLabel('Dormitorios').fill('2');
    await form.getByLabel('Baños').fill('1');
    await form.getByLabel('Ocupación').selectOption('RENTED');
    await form.getByLabel('Renta mensual (€)').fill('1380.00');
    await form.getByLabel('Calificación energética').selectOption('C');
    await form.getByRole('button', { name: 'Añadir fotografía' }).click();
    // The photo is uploaded (a small PNG); its address is filled in by the form.
    await form.locator('input[type="file"]').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expect(form.getByLabel('Dirección de la imagen')).toHaveValue(/^\/api\/asset-images\/1\/[0-9a-f-]{36}$/);
    await form.getByLabel('Texto alternativo en español').fill('Fachada del edificio de la calle Verdi');
    await form.getByLabel('Texto alternativo en inglés').fill('Front of the building on Carrer de Verdi');
    await form.getByLabel('Pie de foto').fill('Fachada principal');
    await form.getByRole('button', { name: 'Guardar' }).click();
    const price = form.getByLabel('Precio de adquisición (€)');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Indique un importe en euros mayor que cero, con dos decimales como máximo (por ejemplo, 245000.00)')).toBeVisible();
    await expectNoAxeViolations(page);

    // The decimal comma every figure on screen uses is accepted (sent to the API as 265000.50).
    await price.fill('265000,50');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `«${TITLE}» se ha guardado.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toContainText('Borrador');

    await row.getByRole('button', { name: `Publicar ${TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Desea publicar «${TITLE}»?` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sí, confirmar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `«${TITLE}» está publicado.` })).toBeVisible();
    await expect(row).toContainText('Publicado');
    await fitsIn360(page);

    // On a phone the form opens full screen: ADMIN edits the published home's rent.
    await page.getByRole('button', { name: `Editar ${TITLE}` }).click();
    const edit = page.getByRole('form', { name: `Editar «${TITLE}»` });
    await expect(edit.getByLabel('Renta mensual (€)')).toHaveValue('1380.00');
    await edit.getByLabel('Renta mensual (€)').fill('1400');
    await expectNoAxeViolations(page);
    // Escape on a changed form asks before throwing the changes away; keeping on editing keeps them.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await expect(discard).toContainText('Hay cambios sin guardar en este formulario. Si lo cierra ahora, se perderán.');
    await expectNoAxeViolations(page);
    await discard.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(discard).toBeHidden();
    await expect(edit.getByLabel('Renta mensual (€)')).toHaveValue('1400');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `«${TITLE}» se ha guardado.` })).toBeVisible();

    // The investor: the list with the figures, then the new home's page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, INVESTOR);
    await gotoApp(page, 'home/assets');
    await expect(page.getByRole('heading', { level: 1, name: 'Inmuebles y plantaciones de KC' })).toBeVisible({ timeout: 20_000 });
    const figures = page.getByTestId('asset-figures');
    await expect(figures).toContainText('Viviendas4');
    await expect(figures).toContainText('75,0 % (3 de 4)');
    await expect(figures).toContainText('3.530,00 €');
    await expect(figures).toContainText('1.089.950,00 €');
    await expect(figures).toContainText('20,70 ha');
    await expect(figures).toContainText('14.490');
    const homes = page.getByRole('region', { name: 'Viviendas en alquiler' });
    await expect(homes.getByRole('article')).toHaveCount(4);
    await expect(page.getByText('Apartamento en Teatinos')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await fitsIn360(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await homes.getByRole('link', { name: `Ver la ficha de ${TITLE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText('Carrer de Verdi, 12, 2.º 1.ª, 08012, Barcelona (Barcelona), España')).toBeVisible();
    await expect(page.getByText('+24.499,50 €')).toBeVisible();
    const photo = page.getByRole('img', { name: 'Fachada del edificio de la calle Verdi' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('figcaption')).toHaveText('Fachada principal');
    await expectNoAxeViolations(page);
    await fitsIn360(page);

    // In English: the texts and the photo's own English alt text.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Key facts' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Front of the building on Carrer de Verdi' })).toBeVisible();
    await expect(page.getByText('Back to properties and plantations')).toBeVisible();
  });
});
