import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInWithTypicalCv } from './helpers.ts';

/**
 * "What a screening system reads" (issue 35) on View CV: the CV's own PDF read back as a parser
 * reads it. A two-column template's columns are called out; the sections found are listed.
 */
const NAME = 'Thandi Mokoena';
const SHOTS = process.env.SCREENING_SHOTS ?? 'test-results/screening-check';

test('View CV: the screening check lists the sections found and warns of two columns', async ({
  page,
}) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await signInWithTypicalCv(page, NAME);
  await page.goto('/app/view-cv');
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  // Template 03 sets a sidebar beside the main column.
  const saved = page.waitForResponse((r) => r.url().includes('/template') && r.ok());
  await page.getByLabel('Template').selectOption({ label: 'Creative' });
  await saved;

  await page.getByRole('button', { name: 'Screening check' }).click();
  const dialog = page.getByRole('dialog', { name: 'What a screening system reads' });
  await expect(dialog.getByRole('status')).toBeVisible();
  const sections = dialog.getByRole('region', { name: /^Sections \(\d+ of \d+ found\)$/ });
  await expect(sections).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('Creative');
  await expect(
    sections.getByRole('listitem').filter({ hasText: "Where I've worked: found" }),
  ).toBeVisible();
  await expect(
    dialog.getByText("This template titles sections “Where I've worked”", { exact: false }),
  ).toBeVisible();
  await expect(
    dialog.getByText(/interleave in the order a parser reads them/).first(),
  ).toBeVisible();
  const text = dialog.getByRole('region', { name: 'The text, in the order it was read' });
  await expect(text.locator('pre')).toContainText('Senior Software Developer');
  await page.screenshot({ path: `${SHOTS}/view-cv-1280.png` });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/view-cv-375.png` });
  await text.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/view-cv-375-text.png` });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // From the builder too, beside View CV.
  await page.goto('/app/cv-builder');
  await expect(page.getByRole('button', { name: 'Screening check' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Screening check' }).click();
  await expect(dialog.getByRole('region', { name: /^Sections \(\d+ of \d+ found\)$/ })).toBeVisible(
    { timeout: 30_000 },
  );
  await page.screenshot({ path: `${SHOTS}/builder-1280.png` });
});
