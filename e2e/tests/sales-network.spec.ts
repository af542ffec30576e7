import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';

const ADMIN = 'admin@kc.example';
const TEAM_MANAGER = 'team.manager@kc.example';


/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('sales network', () => {
  // Long journeys (axe on every screen at two widths) on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 180_000 });
  test('an admin creates a team in a group, moves an agent into it and sees the figures', async ({ page }) => {
    await loginAs(page, ADMIN);
    await gotoApp(page, 'dashboard');
    await page.getByRole('region', { name: 'Administración' }).getByRole('link', { name: 'Red comercial' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Red comercial' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Grupo Centro' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Red comercial' }).getByRole('link', { name: 'Equipos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equipos' })).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo equipo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo equipo' });
    const title = `Equipo e2e ${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(title);
    await choose(page, dialog, /^Grupo/, 'Grupo Centro');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Operativo').first()).toBeVisible();

    const move = page.getByRole('region', { name: 'Incorporar un comercial' });
    await choose(page, move, /^Comercial/, /Lucía Moreno/);
    await move.getByRole('button', { name: 'Incorporar al equipo' }).click();
    await expect(move.getByRole('status')).toContainText(`forma parte ahora de ${title}`);
    await expect(page.getByRole('table', { name: `Comerciales de ${title}` })).toContainText('agente.lucia@kc.example');
    const figures = page.getByRole('region', { name: 'Cifras' });
    await expect(figures.getByText('Comerciales', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('1');
    await expect(figures.getByText('Inversión total', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(/0,00\s€/);
    await expectNoAxeViolations(page);

    // The same figures in the list (shareable URL with the search) and in the tree.
    await gotoApp(page, `sales/teams?q=${encodeURIComponent(title)}&view=FULL`);
    await expect(page.getByText('1 resultado', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Grupo Centro');
    // Lucía left her former team: the move kept one open membership.
    await gotoApp(page, 'sales/tree');
    await expect(page.getByRole('list', { name: `Comerciales de ${title}` })).toContainText('Lucía Moreno');
    await expect(page.getByRole('list', { name: 'Comerciales de Madrid Centro' })).not.toContainText('Lucía Moreno');
  });

  test('a team manager sees only their team', async ({ page, consoleErrors }) => {
    const admin = await createSession(page.request, ADMIN);
    const toledo = (await (await page.request.get('/api/sales/teams?q=Toledo', { headers: apiHeaders(admin) })).json()) as { content: { id: string }[] };
    await loginAs(page, TEAM_MANAGER);
    await gotoApp(page, 'sales/tree');
    await expect(page.getByRole('heading', { level: 3, name: 'Madrid Centro' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Toledo' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Comerciales de Madrid Centro' })).toContainText('Andrés Comercial');
    await gotoApp(page, 'sales/teams');
    await expect(page.getByText('1 resultado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuevo equipo' })).toHaveCount(0);
    await gotoApp(page, `sales/teams/${toledo.content[0]!.id}`);
    await expect(page.getByRole('alert')).toContainText('El equipo no existe o no tiene acceso a él.');
    allowStatuses(consoleErrors, 404);
  });

  test('axe finds no violation on the sales screens, also at 360 px', async ({ page }) => {
    const admin = await createSession(page.request, ADMIN);
    const headers = apiHeaders(admin);
    const team = ((await (await page.request.get('/api/sales/teams?q=Madrid', { headers })).json()) as { content: { id: string }[] }).content[0]!.id;
    const group = ((await (await page.request.get('/api/sales/groups?q=Centro', { headers })).json()) as { content: { id: string }[] }).content[0]!.id;
    const zone = ((await (await page.request.get('/api/sales/zones?q=Madrid', { headers })).json()) as { content: { id: string }[] }).content[0]!.id;
    await loginAs(page, ADMIN);
    const screens: [string, string][] = [
      ['sales/tree', 'Red comercial'],
      ['sales/groups', 'Grupos'],
      ['sales/teams?view=CARD', 'Equipos'],
      ['sales/zones?view=FULL', 'Zonas'],
      [`sales/groups/${group}`, 'Grupo Centro'],
      [`sales/teams/${team}`, 'Madrid Centro'],
      [`sales/zones/${zone}`, 'Madrid'],
    ];
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [url, heading] of screens) {
        await gotoApp(page, url);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
    // An agent sees the zone of their team's group and takes a seat.
    await loginAs(page, 'agent@kc.example');
    await gotoApp(page, `sales/zones/${zone}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Madrid' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
