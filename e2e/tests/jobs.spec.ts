import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { createSession, loginAs } from '../support/login.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');
const MANAGER = 'company.manager@kc.example';
const ADMIN = 'admin@kc.example';
const CV_PDF = Buffer.from('%PDF-1.4\n%e2e recruiter\n');
const RUN = Date.now().toString(36);
const CANDIDATE = `e2e.candidata.${RUN}@example.com`;
const REPEAT_CANDIDATE = `e2e.repite.${RUN}@example.com`;
const NEW_TITLE = `Guarda forestal de paulownia ${RUN}`;

type TParsed = { to?: { text: string }; subject?: string; text?: string };
const { simpleParser } = (await import('mailparser' as string)) as { simpleParser: (source: Buffer) => Promise<TParsed> };

/** The mail the server wrote for `email` (the e2e server's mail folder), with a subject matching `subject` if given. */
async function mailTo(email: string, subject?: RegExp): Promise<TParsed> {
  let found: TParsed | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(MAIL_DIR).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await fs.readFile(path.join(MAIL_DIR, file)));
          if (mail.to?.text === email && (!subject || subject.test(mail.subject ?? ''))) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label text (Mantine adds ' *' to required fields' labels). */
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));

/** Axe at 1280 px, then at 360 px with no horizontal scroll, back to 1280. */
async function axeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('jobs board screens (issue 17, web)', () => {
  test.slow();
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a candidate finds an offer from the careers page, applies (consent required), sees the confirmation, gets the mail and withdraws', async ({ page }) => {
    await gotoApp(page, 'home/info/work-with-us');
    await page.getByRole('link', { name: 'Ver las ofertas de empleo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trabaje con nosotros' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ofertas destacadas' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Empleo en KC' }).getByRole('link', { name: 'Acceder' })).toBeVisible();
    // The board's own header and footer stand in for the site's: one header, one language switch.
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Idioma' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'KC — inicio' })).toHaveAttribute('href', '/web/home');
    // The typeahead: a text with no city says so.
    const city = page.getByRole('search', { name: 'Buscar ofertas' }).getByRole('combobox', { name: 'Ciudad' });
    await city.click();
    await city.fill('zzzqx');
    await expect(page.getByText('No se han encontrado coincidencias.')).toBeVisible();
    await city.fill('Sevil');
    // The menu is at most 300 px high (specification 5), a listbox the combobox controls.
    const menu = page.getByRole('listbox');
    await expect(menu).toHaveCSS('max-height', '300px');
    await expect(city).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
    await page.getByRole('option', { name: 'Sevilla', exact: true }).click();
    await axeAtBothWidths(page);

    await byLabel(page, 'Palabras clave').fill('agronomo');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/jobs\/offers\?q=agronomo&cityId=\d+&city=Sevilla/);
    await expect(page.getByText(/^\d+ ofertas? encontradas?/)).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('link', { name: 'Ingeniero agrónomo de plantaciones' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Ingeniero agrónomo de plantaciones' })).toBeVisible();
    // JobPosting structured data with the properties Google asks for (this offer has a closing date).
    const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Ingeniero agrónomo de plantaciones',
      hiringOrganization: { '@type': 'Organization', name: expect.any(String) },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Sevilla', addressCountry: 'ES' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { '@type': 'QuantitativeValue', unitText: 'YEAR' } },
    });
    expect(String(posting['description']).length).toBeGreaterThan(50);
    expect(posting['datePosted']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting['validThrough']).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59Z$/);
    expect(['FULL_TIME', 'PART_TIME', 'TEMPORARY', 'INTERN', 'CONTRACTOR']).toContain(posting['employmentType']);
    const salary = (posting['baseSalary'] as { value: { minValue: number; maxValue: number } }).value;
    expect(salary.minValue).toBeGreaterThan(0);
    expect(salary.maxValue).toBeGreaterThanOrEqual(salary.minValue);
    await byLabel(page, 'Nombre').fill('Lucía');
    await byLabel(page, 'Apellidos').fill('Serrano Gil');
    await byLabel(page, 'Teléfono').fill('+34 600 111 222');
    await byLabel(page, 'Correo electrónico').fill(CANDIDATE);
    await page.locator('input[type="file"]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') });
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(page.getByText('Debe aceptar la política de privacidad')).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('checkbox', { name: /He leído y acepto/ }).check();
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Hemos recibido su candidatura' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Ha aceptado el tratamiento de sus datos personales');
    await expect(page.getByText('Su currículum se ha adjuntado correctamente.')).toBeVisible();
    await axeAtBothWidths(page);

    const mail = await mailTo(CANDIDATE);
    expect(mail.text).toContain('Lucía');
    const link = /(https?:\/\/\S+\/web\/jobs\/withdraw#token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await gotoApp(page, link!.replace(/^https?:\/\/[^/]+\/web\//, ''));
    await expect(page.getByRole('heading', { level: 1, name: 'Retirar mi candidatura' })).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: 'Retirar mi candidatura y mis datos' }).click();
    await expect(page.getByText('Hemos retirado su candidatura y borrado sus datos personales.')).toBeVisible();
  });

  test('a candidate applies twice: nothing changes until the link mailed to the address on file confirms it', async ({ page }) => {
    const found = await page.request.get(`/api/jobs/offers?q=${encodeURIComponent('agronomo plantaciones')}`, { headers: { 'company-id': '1' } });
    const offerId = ((await found.json()) as { content: { id: string; title: string }[] }).content.find((o) => o.title === 'Ingeniero agrónomo de plantaciones')!.id;
    const first = await page.request.post(`/api/jobs/offers/${offerId}/applications`, {
      headers: { 'company-id': '1' },
      data: { firstName: 'Elena', lastName: 'Ruiz Mora', phone: '+34 600 333 444', email: REPEAT_CANDIDATE, acceptPrivacy: true },
    });
    expect(first.status()).toBe(201);

    // The second one, through the form: the same page as a first application, saying what happens to a repeat.
    await gotoApp(page, `jobs/offers/${offerId}`);
    await byLabel(page, 'Nombre').fill('Elena María');
    await byLabel(page, 'Apellidos').fill('Ruiz Mora');
    await byLabel(page, 'Teléfono').fill('+34 699 555 666');
    await byLabel(page, 'Correo electrónico').fill(REPEAT_CANDIDATE);
    await page.getByRole('checkbox', { name: /He leído y acepto/ }).check();
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hemos recibido su candidatura' })).toBeVisible();
    await expect(page.getByText(/Si ya tenía una candidatura a esta oferta con este correo, no cambiaremos nada hasta que lo confirme/)).toBeVisible();
    await axeAtBothWidths(page);

    // The recruiter still sees the first application's data.
    await loginAs(page, MANAGER);
    await gotoApp(page, `admin/jobs/${offerId}`);
    const before = page.getByRole('row', { name: /Elena Ruiz Mora/ });
    await expect(before).toContainText('+34 600 333 444', { timeout: 20_000 });
    await expect(page.getByRole('row', { name: /Elena María/ })).toHaveCount(0);

    // The address on file gets the changes and the link; the page takes it from the fragment, in Spanish.
    const mail = await mailTo(REPEAT_CANDIDATE, /^Confirme los cambios en su candidatura/);
    expect(mail.text).toContain('+34 600 333 444 pasaría a +34 699 555 666');
    const link = /(https?:\/\/\S+\/web\/jobs\/confirm-changes#token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await gotoApp(page, link!.replace(/^https?:\/\/[^/]+\/web\//, ''));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar los cambios en mi candidatura' })).toBeVisible();
    expect(page.url()).not.toContain('token=');
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: 'Confirmar los cambios' }).click();
    await expect(page.getByText('Hemos actualizado su candidatura. Le hemos enviado un correo con sus datos y el nuevo enlace para retirarla.')).toBeVisible();
    await axeAtBothWidths(page);

    // Now, and only now, the recruiter sees the new data.
    await gotoApp(page, `admin/jobs/${offerId}`);
    const after = page.getByRole('row', { name: /Elena María Ruiz Mora/ });
    await expect(after).toContainText('+34 699 555 666', { timeout: 20_000 });
    await expect(page.getByRole('row', { name: /\+34 600 333 444/ })).toHaveCount(0);
  });

  test('a manager creates and publishes an offer and it appears in the search; the applications screen', async ({ page }) => {
    await loginAs(page, MANAGER);
    await gotoApp(page, 'admin/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Ofertas de empleo' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table')).toContainText('Ingeniero agrónomo de plantaciones');
    await axeAtBothWidths(page);

    await page.getByRole('button', { name: 'Nueva oferta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva oferta' });
    await byLabel(dialog as unknown as Page, 'Título').fill(NEW_TITLE);
    await byLabel(dialog as unknown as Page, 'Salario mínimo (€/año)').fill('26000');
    await byLabel(dialog as unknown as Page, 'Salario máximo (€/año)').fill('31000');
    await byLabel(dialog as unknown as Page, 'Descripción').fill('Vigilancia y mantenimiento de plantaciones de paulownia en fincas de la provincia de Madrid.');
    const city = dialog.getByRole('combobox', { name: /Ciudad/ });
    await city.click();
    await city.fill('Madrid');
    await page.getByRole('option', { name: 'Madrid', exact: true }).click();
    await axeAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(escapeRe(NEW_TITLE)) });
    await expect(row).toContainText('Borrador');
    await row.getByRole('button', { name: `Publicar: ${NEW_TITLE}` }).click();
    await expect(row).toContainText('Publicada');

    await gotoApp(page, `jobs/offers?q=${encodeURIComponent(`paulownia guarda ${RUN}`)}`);
    await expect(page.getByRole('link', { name: NEW_TITLE })).toBeVisible();

    // A candidate applies to the new offer (through the public API); the manager marks it reviewed.
    const offerId = /\/jobs\/offers\/([0-9a-f-]{36})/.exec((await page.getByRole('link', { name: NEW_TITLE }).getAttribute('href')) ?? '')?.[1];
    const applied = await page.request.post(`/api/jobs/offers/${offerId}/applications`, {
      headers: { 'company-id': '1' },
      data: {
        firstName: 'Mario',
        lastName: 'Prieto',
        phone: '600 222 333',
        email: `e2e.mario.${RUN}@example.com`,
        acceptPrivacy: true,
        cv: { fileName: 'cv-mario.pdf', contentBase64: CV_PDF.toString('base64') },
      },
    });
    expect(applied.status()).toBe(201);
    await gotoApp(page, 'admin/jobs');
    await page.getByRole('link', { name: `Ver las candidaturas de ${NEW_TITLE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Candidaturas: ${NEW_TITLE}` })).toBeVisible();
    const candidate = page.getByRole('row', { name: /Mario Prieto/ });
    await candidate.getByRole('combobox', { name: 'Cambiar el estado de Mario Prieto' }).selectOption('REVIEWED');
    await candidate.getByRole('button', { name: 'Guardar' }).click();
    await page.reload();
    const reviewed = page.getByRole('row', { name: /Mario Prieto/ });
    await expect(reviewed.getByRole('combobox')).toHaveValue('REVIEWED');
    // Its status history: received as new, then moved to reviewed.
    await reviewed.getByText('Historial (2 cambios)').click();
    await expect(reviewed.getByRole('listitem').first()).toContainText('Recibida como Nueva');
    await expect(reviewed.getByRole('listitem').nth(1)).toContainText('De Nueva a Revisada');
    await axeAtBothWidths(page);

    // The recruiter downloads the CV: the same bytes, its own file name, and the download is in the audit log.
    const [download] = await Promise.all([page.waitForEvent('download'), reviewed.getByRole('button', { name: 'Descargar el currículum de Mario Prieto' }).click()]);
    expect(download.suggestedFilename()).toBe('cv-mario.pdf');
    expect(await fs.readFile((await download.path())!)).toEqual(CV_PDF);
    const admin = await createSession(page.request, ADMIN);
    // The public receipt names no application (decision 0023): its id from the recruiter's list.
    const listed = await page.request.get(`/api/jobs/manage/offers/${offerId}/applications`, {
      headers: { authorization: `Bearer ${admin.token}`, 'company-id': '1' },
    });
    const applicationId = ((await listed.json()) as { content: { id: string; firstName: string }[] }).content.find((a) => a.firstName === 'Mario')!.id;
    const audit = await page.request.get(`/api/audit?entityId=${applicationId}&action=jobApplication.downloadCv`, {
      headers: { authorization: `Bearer ${admin.token}`, 'company-id': '1' },
    });
    expect(audit.status()).toBe(200);
    const entries = ((await audit.json()) as { content: { entityId: string; action: string }[] }).content;
    expect(entries.map((e) => [e.entityId, e.action])).toEqual([[applicationId, 'jobApplication.downloadCv']]);

    // The manager closes the offer: its public page stays, says so and takes no applications.
    await gotoApp(page, 'admin/jobs');
    const closing = page.getByRole('row', { name: new RegExp(escapeRe(NEW_TITLE)) });
    await closing.getByRole('button', { name: `Cerrar: ${NEW_TITLE}` }).click();
    await expect(closing).toContainText('Cerrada');
    await gotoApp(page, `jobs/offers/${offerId}`);
    await expect(page.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Esta oferta está cerrada y ya no admite candidaturas.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar candidatura' })).toHaveCount(0);
    await axeAtBothWidths(page);
  });

  test('the board in English: search with the city typeahead, the list and an offer', async ({ page }) => {
    await gotoApp(page, 'jobs');
    await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Work with us' })).toBeVisible();
    const city = page.getByRole('search', { name: 'Search jobs' }).getByRole('combobox', { name: 'City' });
    await city.click();
    await city.fill('zzzqx');
    await expect(page.getByText('No matches found.')).toBeVisible();
    await city.fill('Sevil');
    await page.getByRole('option', { name: 'Sevilla', exact: true }).click();
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/jobs\/offers\?cityId=\d+&city=Sevilla/);
    await expect(page.getByText(/^\d+ jobs? found/)).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('link', { name: 'Ingeniero agrónomo de plantaciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ingeniero agrónomo de plantaciones' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send application' })).toBeVisible();
    await axeAtBothWidths(page);
  });
});
