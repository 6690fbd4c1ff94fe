import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
/** A short CV rendered in Vitae's Clean template (server/src/cv-io/fixtures/make-fixture.ts). */
const PDF = path.resolve('server/src/cv-io/fixtures/cv-template02.pdf');
const card = (page: Page, tab: string) => page.locator(`[data-card="${tab}"]`);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(SHOTS, `cv-pdf-${name}-${width}.png`),
      fullPage: true,
    });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a PDF CV from a Vitae template is previewed, imported and shown in the builder', async ({
  page,
}) => {
  const user = await createVerifiedUser(page, { fullName: 'Lerato Dlamini' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(card(page, 'employmentHistory')).toContainText('0 added');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import your CV' });
  await dialog.getByLabel('your CV as PDF or Word').setInputFiles(PDF);

  // The parser's first file loads pdf.js in its worker: allow for it.
  const jobs = dialog.getByTestId('import-employment-history');
  await expect(jobs).toContainText('2 to import', { timeout: 30_000 });
  await expect(jobs).toContainText('Tugela Water Board');
  await expect(dialog.getByTestId('import-tertiary-education')).toContainText(
    'University of KwaZulu-Natal',
  );
  // The template shows no skill levels: none is made up, the skills come in unrated.
  const skills = dialog.getByTestId('import-skill');
  await expect(skills).toContainText('2 to import');
  await expect(skills).toContainText('Power BI');
  await expect(skills).not.toContainText('Proficiency');
  // A line with no field to hold it is listed, not dropped.
  await expect(dialog).toContainText('Not placed: CONTACT: Durban');
  await shot(page, 'import-preview');

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'employmentHistory')).toContainText('2 added');

  await page.goto('/app/cv-builder?tab=employmentHistory');
  await expect(page.getByText('Tugela Water Board').first()).toBeVisible();
  await expect(page.getByText('Ubuntu Retail Group').first()).toBeVisible();
  await shot(page, 'builder');
});
