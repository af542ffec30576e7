import fs from 'node:fs/promises';
import yauzl from 'yauzl';
import { EXPORT_SECTIONS } from '@kc/domain';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';

const INVESTOR = 'investor@kc.example';

/** The files of a ZIP, read with yauzl: name → text. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const files = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return files;
}

/** Personal data export (issue 16, GDPR Art. 15/20): from /account, the person downloads all their data as a ZIP. */
test.describe('personal data export (issue 16)', () => {
  test.slow();

  test('an investor downloads their data from the account page; axe finds nothing at desktop and 360 px', async ({ page }) => {
    await loginAs(page, INVESTOR);
    await gotoApp(page, 'account');
    const section = page.getByRole('region', { name: 'Copia de sus datos' });
    await expect(section).toBeVisible({ timeout: 20_000 });
    await expect(section.getByText(/LEEME\.txt/)).toBeVisible();
    await expectNoAxeViolations(page);

    const button = section.getByRole('button', { name: 'Descargar mis datos' });
    await button.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kc-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(section.getByRole('status')).toHaveText(`Descarga iniciada: ${download.suggestedFilename()}`);

    const files = await unzip(await fs.readFile((await download.path())!));
    expect([...files.keys()].sort()).toEqual(['LEEME.txt', ...EXPORT_SECTIONS.flatMap((s) => [`${s.name}.json`, `${s.name}.csv`])].sort());
    expect(files.get('LEEME.txt')).toContain('Tus datos en KC');
    const [profile] = JSON.parse(files.get('profile.json')!) as { email: string; roles: string[] }[];
    expect(profile).toMatchObject({ email: INVESTOR, roles: ['INVESTOR'] });
    expect((JSON.parse(files.get('contracts.json')!) as unknown[]).length).toBeGreaterThan(0);
    expect(files.get('profile.csv')!.startsWith('\uFEFFid;email;firstName;lastName')).toBe(true);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await section.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
