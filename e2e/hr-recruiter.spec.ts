import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

// The recruiter's side (issue 18): filter by skill, language level and province, read the
// card's facts, keep the filters in a bookmarkable URL, preview and save.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

interface Seeker {
  name: string;
  city: string;
  province: string;
  skills: [string, number][];
  languages: [string, number, number, number][];
  position: string;
  summary: string;
}

/** A job seeker with a listed CV, written through the API as the builder would. */
async function listedSeeker(browser: Browser, s: Seeker): Promise<void> {
  const context = await browser.newContext();
  const me = await createVerifiedUser(context.request, { fullName: s.name });
  const login = await context.request.post('/auth/user/login-web', {
    data: { email: me.email, password: me.password },
  });
  expect(login.ok()).toBeTruthy();
  const posts: [string, Record<string, unknown>][] = [
    ['/api/personal-info', { fullName: s.name, gender: 'female', dateOfBirth: '1992-03-04' }],
    [
      '/api/contact-info',
      {
        phone: '082 555 0142',
        email: me.email,
        city: s.city,
        province: s.province,
        country: 'South Africa',
      },
    ],
    [
      '/api/employment-history',
      { company: 'Acme', position: s.position, startDate: '2016-02', current: true },
    ],
    ['/api/personal-summary', { content: s.summary }],
    ...s.skills.map(([skill, proficiency]): [string, Record<string, unknown>] => [
      '/api/skill',
      { skill, proficiency },
    ]),
    ...s.languages.map(([language, read, write, speak]): [string, Record<string, unknown>] => [
      '/api/language',
      { language, read, write, speak },
    ]),
  ];
  for (const [path, data] of posts) {
    const res = await context.request.post(path, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  }
  expect((await context.request.post('/api/public-cv/toggle')).ok()).toBeTruthy();
  await context.close();
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a recruiter finds a candidate by skill, language level and province, then saves them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now().toString(36);
  const thandi = `Thandi Mokoena ${tag}`;
  const naledi = `Naledi Dlamini ${tag}`;
  await listedSeeker(browser, {
    name: thandi,
    city: 'Johannesburg',
    province: 'Gauteng',
    skills: [
      ['Python', 5],
      ['SQL', 4],
    ],
    languages: [
      ['English', 5, 5, 5],
      ['isiZulu', 4, 4, 4],
    ],
    position: 'Data Engineer',
    summary: 'Python developer building data pipelines for retail banks.',
  });
  await listedSeeker(browser, {
    name: naledi,
    city: 'Durban',
    province: 'KwaZulu-Natal',
    skills: [['Python', 3]],
    languages: [['isiZulu', 5, 5, 5]],
    position: 'Analyst',
    summary: 'Analyst who loves Python notebooks.',
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  const recruiter = await createVerifiedUser(page, { fullName: 'Rita Recruiter', hr: true });
  await signIn(page, recruiter.email, recruiter.password);
  await page.goto('/app/hr-browse-cvs');
  await expect(page.getByText('Available CVs')).toBeVisible();

  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Skills' }).fill('Python');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'Language', exact: true }).fill('isiZulu');
  await page.getByLabel('Minimum level (CEFR)').selectOption('B2');
  // The typed language reaches the URL after a pause; pick the province only then, so the
  // history holds one entry per filter and Back below undoes exactly the province.
  await expect(page).toHaveURL(/language=isiZulu/);
  await expect(page).toHaveURL(/languageLevel=B2/);
  // Other stories list CVs on the same server at once: count only this story's candidates.
  const cards = page
    .getByRole('list', { name: 'Public CVs' })
    .locator(':scope > li')
    .filter({ hasText: tag });
  // Both speak isiZulu at B2 or better and list Python; the province then narrows to one.
  await expect(cards).toHaveCount(2);
  await page.getByLabel('Province').selectOption('Gauteng');
  await expect(page).toHaveURL(/province=Gauteng/);
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: thandi })).toBeVisible();
  await expect(card).toContainText('Data Engineer');
  await expect(card.getByRole('list', { name: 'Key facts' })).toContainText(
    'Johannesburg, Gauteng',
  );
  await expect(card.getByRole('list', { name: 'Key facts' })).toContainText(
    /\d+ years of experience/,
  );
  await expect(card.getByRole('list', { name: 'Top skills' })).toContainText('Python');
  await expect(card.getByRole('list', { name: 'Languages' })).toContainText('isiZuluB2');
  await expect(card.getByRole('list', { name: 'Languages' })).toContainText('EnglishC2');
  await expect(page).toHaveURL(/skills=Python/);
  await expect(page).toHaveURL(/language=isiZulu/);
  await expect(page).toHaveURL(/languageLevel=B2/);
  await expect(page).toHaveURL(/province=Gauteng/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/hr-recruiter-1280.png`, fullPage: true });

  // The URL is the bookmark: a reload keeps every filter.
  await page.reload();
  await expect(page.getByLabel('Province')).toHaveValue('Gauteng');
  await expect(page.getByLabel('Minimum level (CEFR)')).toHaveValue('B2');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(thandi);
  // Back undoes the province; forward brings it again.
  await page.goBack();
  await expect(page.getByLabel('Province')).toHaveValue('');
  await expect(cards).toHaveCount(2);
  await page.goForward();
  await expect(page.getByLabel('Province')).toHaveValue('Gauteng');
  await expect(cards).toHaveCount(1);

  // A phone shows the same without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(cards.first()).toContainText(thandi);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/hr-recruiter-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Preview shows the facts (contact details only after saving), then save from it.
  await cards
    .first()
    .getByRole('button', { name: `Preview ${thandi}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Python developer building data pipelines');
  await expect(dialog).toContainText('Contact details are shown once you save the CV.');
  await page.screenshot({ path: `${SHOTS}/hr-recruiter-preview-1280.png` });
  await dialog.getByRole('button', { name: 'Save CV' }).click();
  await expect(page.getByText(`${thandi}'s CV has been saved to your dashboard!`)).toBeVisible();
  await expect(cards.first().getByRole('link', { name: `View CV of ${thandi}` })).toBeVisible();
  await context.close();
});
