import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

/**
 * A filled CV in each of the ten templates and the ink-friendly layout: screenshots kept as
 * the README's template gallery (docs/templates/<id>.png), and A4 PDFs that run to several
 * pages without app chrome or split entries.
 */

// The README's gallery is refreshed on purpose (UPDATE_GALLERY=1); a normal run keeps the
// screenshots with the other test results so `npm test` leaves the tree clean.
const GALLERY = process.env.UPDATE_GALLERY ? 'docs/templates' : 'test-results/templates';
const FULL_NAME = 'Thandi Mokoena';

/** Each template's own marker, so a screenshot can't silently show the wrong design. */
const TEMPLATES: Array<{ id: string; name: string; marker: (sheet: Locator) => Promise<void> }> = [
  {
    id: 'template01',
    name: 'Modern',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Professional Summary' })).toBeVisible();
      await expect(sheet.locator('svg').first()).toBeVisible();
    },
  },
  { id: 'template02', name: 'Clean', marker: heading('Profile') },
  { id: 'template03', name: 'Creative', marker: heading("Where I've worked") },
  { id: 'template04', name: 'Dark', marker: heading('Projects') },
  {
    id: 'template05',
    name: 'Tech',
    marker: async (sheet) => {
      await expect(sheet.locator('aside')).toBeVisible();
      await expect(sheet.locator('aside').getByRole('heading', { name: 'Skills' })).toBeVisible();
    },
  },
  {
    id: 'template06',
    name: 'Newspaper',
    marker: async (sheet) => {
      await expect(sheet.getByTestId('newspaper-date')).toHaveText(longDate(new Date()));
    },
  },
  {
    id: 'template07',
    name: 'Finance',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Core Competencies' })).toBeVisible();
      const bar = sheet.getByRole('img', { name: '4 out of 5' }).first();
      await expect(bar.getByTestId('rating-fill')).toHaveAttribute('style', /width: 80%/);
    },
  },
  {
    id: 'template08',
    name: 'Menu',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Main Courses' })).toBeVisible();
      await expect(sheet.getByRole('img', { name: '3 out of 5' }).first()).toHaveText('★★★☆☆');
    },
  },
  { id: 'template09', name: 'Industrial', marker: summaryTitle },
  {
    id: 'template10',
    name: 'Agriculture',
    marker: async (sheet) => {
      await summaryTitle(sheet);
      await expect(sheet.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
      await expect(sheet.getByText('9403180123088')).toBeVisible();
    },
  },
];

function heading(name: string) {
  return async (sheet: Locator) => {
    await expect(sheet.getByRole('heading', { name })).toBeVisible();
  };
}

/** Templates 09, 10 and ink-friendly use the summary's first sentence as the CV title. */
async function summaryTitle(sheet: Locator) {
  await expect(
    sheet.getByText('Software developer with eight years of experience').first(),
  ).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/** "Saturday, 21 November 2026", as template 06 prints today's date. */
function longDate(d: Date): string {
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'long' });
  const month = d.toLocaleDateString('en-GB', { month: 'long' });
  return `${weekday}, ${d.getDate()} ${month} ${d.getFullYear()}`;
}

const para = (...sentences: string[]) => sentences.join(' ');

/** The CV, section key → entries, POSTed one by one (sent as the builder's forms send them). */
const CV: Record<string, object[]> = {
  'personal-info': [
    {
      fullName: FULL_NAME,
      dateOfBirth: '1994-03-18',
      idNumber: '9403180123088',
      gender: 'female',
      saCitizen: true,
      ppNumber: '',
      nationality: 'South African',
      driversLicense: true,
      licenseCode: 'B',
    },
  ],
  'contact-info': [
    {
      phone: '082 555 0147',
      email: 'thandi.mokoena@example.com',
      unit: '12',
      complex: 'Sunset Gardens',
      address: '45 Jacaranda Street',
      suburb: 'Hatfield',
      city: 'Pretoria',
      province: 'Gauteng',
      country: 'South Africa',
      postalCode: '0083',
      linkedin: 'https://www.linkedin.com/in/thandi-mokoena',
      website: 'https://thandi.example.com',
    },
  ],
  'personal-summary': [
    {
      content: para(
        'Software developer with eight years of experience building web applications for retail, logistics and finance clients.',
        'I turn complex requirements into simple, reliable tools, mentor junior developers and work closely with customers to ship features that matter.',
        'Comfortable across the stack, from SQL schema design to accessible React interfaces.',
      ),
    },
  ],
  'employment-history': [
    {
      company: 'Bright Finance',
      position: 'Senior Software Developer',
      startDate: '2022-03',
      endDate: '',
      current: true,
      description: para(
        'Lead developer of the customer onboarding portal used by 120 000 customers a year; cut sign-up time from three days to twelve minutes.',
        'Introduced automated end-to-end tests and a weekly release train, halving production incidents.',
        'Mentor four developers and run the monthly architecture review.',
      ),
    },
    {
      company: 'Shosholoza Logistics',
      position: 'Software Developer',
      startDate: '2019-08',
      endDate: '2022-02',
      current: false,
      description: para(
        'Built the route-planning service that schedules 300 delivery vehicles daily, saving 9 % in fuel costs.',
        'Designed the PostgreSQL reporting warehouse and the dashboards used by regional managers.',
        'Migrated the legacy PHP back office to TypeScript services without downtime.',
      ),
    },
    {
      company: 'Acme Retail Solutions',
      position: 'Junior Developer',
      startDate: '2017-01',
      endDate: '2019-07',
      current: false,
      description: para(
        'Maintained the in-store stock system and built reporting dashboards used by 40 branches.',
        'Automated the nightly stock reconciliation, removing four hours of manual work per branch each week.',
      ),
    },
    {
      company: 'University of Pretoria',
      position: 'Computer Science Tutor',
      startDate: '2015-02',
      endDate: '2016-11',
      current: false,
      description: para(
        'Tutored first-year programming and data-structures classes of 60 students.',
        'Wrote practical exercises still used in the introductory Python course.',
      ),
    },
  ],
  experience: [
    {
      title: 'Volunteer Web Developer',
      company: 'Paws Rescue Pretoria',
      startDate: '2021-02',
      endDate: '2022-06',
      description: para(
        'Built and maintained the donation website for a local animal shelter, adding online payments and a volunteer sign-up form.',
        'Donations grew by 40 % in the first year.',
      ),
    },
    {
      title: 'Open Source Contributor',
      company: 'React Aria community',
      startDate: '2022-01',
      endDate: '',
      description:
        'Contributed accessibility fixes, keyboard-navigation tests and documentation to a popular React component library.',
    },
    {
      title: 'Hackathon Team Lead',
      company: 'Gauteng Smart City Challenge',
      startDate: '2020-09',
      endDate: '2020-10',
      description:
        'Led a team of five to build a water-outage alert app in 48 hours; awarded second place out of 32 teams.',
    },
  ],
  'tertiary-education': [
    {
      instituteName: 'University of Pretoria',
      certificationType: 'BSc Computer Science',
      startDate: '2013-02',
      endDate: '2016-11',
      description:
        'Majored in computer science and mathematics; final-year project on route planning with genetic algorithms.',
      additionalInfo: "Dean's merit list in 2015 and 2016.",
    },
    {
      instituteName: 'University of South Africa',
      certificationType: 'Certificate in Project Management',
      startDate: '2020-01',
      endDate: '2020-12',
      description: 'Part-time certificate covering planning, risk management and agile delivery.',
      additionalInfo: 'Passed with distinction.',
    },
  ],
  'secondary-education': [
    {
      schoolName: 'Pretoria High School for Girls',
      startYear: '2008',
      endYear: '2012',
      subjects: [
        { subject: 'Mathematics', key: 's1' },
        { subject: 'Physical Sciences', key: 's2' },
        { subject: 'English Home Language', key: 's3' },
        { subject: 'Afrikaans First Additional Language', key: 's4' },
        { subject: 'Information Technology', key: 's5' },
      ],
      additionalInfo:
        'National Senior Certificate with Bachelor pass; head of the debating society.',
    },
  ],
  skill: [
    { skill: 'TypeScript', proficiency: 5 },
    { skill: 'React', proficiency: 5 },
    { skill: 'Node.js', proficiency: 4 },
    { skill: 'SQL and database design', proficiency: 4 },
    { skill: 'Automated testing', proficiency: 4 },
    { skill: 'Project management', proficiency: 3 },
  ],
  language: [
    { language: 'English', read: 5, write: 5, speak: 5 },
    { language: 'isiZulu', read: 4, write: 3, speak: 5 },
    { language: 'Afrikaans', read: 3, write: 2, speak: 3 },
  ],
  reference: [
    {
      name: 'Johan van der Merwe',
      company: 'Acme Retail Solutions',
      position: 'Engineering Manager',
      phone: '012 555 0190',
      email: 'johan.vdm@example.com',
    },
    {
      name: 'Naledi Dlamini',
      company: 'Bright Finance',
      position: 'Senior Product Owner',
      phone: '011 555 0123',
      email: 'naledi.dlamini@example.com',
    },
    {
      name: 'Pieter Botha',
      company: 'Shosholoza Logistics',
      position: 'Chief Technology Officer',
      phone: '021 555 0178',
      email: '',
    },
  ],
  interest: [
    { interest: 'Trail running' },
    { interest: 'Photography' },
    { interest: 'Chess' },
    { interest: 'Mentoring girls in STEM' },
  ],
  attribute: [
    { attribute: 'Reliable' },
    { attribute: 'Team player' },
    { attribute: 'Quick learner' },
    { attribute: 'Calm under pressure' },
  ],
};

/** A verified, signed-in user whose CV is filled through the section endpoints. */
async function signInWithFilledCv(page: Page): Promise<void> {
  const user = await createVerifiedUser(page, { fullName: FULL_NAME });
  await signIn(page, user.email, user.password);
  for (const [key, entries] of Object.entries(CV)) {
    for (const entry of entries) {
      const res = await page.request.post(`/api/${key}`, { data: entry });
      expect(res.ok(), `POST /api/${key}: ${res.status()} ${await res.text()}`).toBeTruthy();
    }
  }
}

/** Opens View CV in a template (saved on change) and returns the rendered CV sheet. */
async function openInTemplate(page: Page, id: string): Promise<Locator> {
  if (!page.url().endsWith('/app/view-cv')) await page.goto('/app/view-cv');
  const select = page.getByRole('combobox', { name: 'Template' });
  await expect(select).toBeVisible();
  if ((await select.inputValue()) !== id) {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/curriculum-vitae/template') && r.request().method() === 'PATCH',
    );
    await select.selectOption(id);
    expect((await saved).ok()).toBeTruthy();
  }
  return renderedSheet(page, id);
}

async function renderedSheet(page: Page, layout: string): Promise<Locator> {
  const sheet = page.locator(`[data-cv-layout="${layout}"]`);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 1, name: FULL_NAME })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return sheet;
}

test.describe('CV templates', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('a filled CV in each template and ink-friendly, kept as the gallery', async ({ page }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(GALLERY, { recursive: true });
    // The ink-friendly layout shows while printing; keep the print dialog from opening.
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signInWithFilledCv(page);
    await page.goto('/app/view-cv');
    await expect(page.getByText('Sample CV')).toHaveCount(0);

    for (const t of TEMPLATES) {
      const sheet = await openInTemplate(page, t.id);
      await t.marker(sheet);
      await expect(sheet.getByText('Bright Finance').first()).toBeVisible();
      await sheet.screenshot({ path: `${GALLERY}/${t.id}.png`, animations: 'disabled' });
    }

    await page.getByRole('button', { name: 'Print' }).click();
    await page.getByRole('button', { name: /Ink Friendly/ }).click();
    const ink = await renderedSheet(page, 'ink-friendly');
    await summaryTitle(ink);
    // Ratings as numbers, linkedin and website shown.
    await expect(ink.getByText('5/5').first()).toBeVisible();
    await expect(ink.getByText('linkedin.com/in/thandi-mokoena').first()).toBeVisible();
    await expect(ink.getByText('thandi.example.com').first()).toBeVisible();
    await ink.screenshot({ path: `${GALLERY}/ink-friendly.png`, animations: 'disabled' });
  });

  for (const id of ['template01', 'template05']) {
    test(`${id} prints to a multi-page A4 PDF without chrome or split entries`, async ({
      page,
    }) => {
      await signInWithFilledCv(page);
      await openInTemplate(page, id);

      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
      expect(pages.length).toBeGreaterThan(1);

      // Print media at the A4 printable width (210 mm minus the 12 mm margins, 96 dpi).
      const mm = 96 / 25.4;
      await page.setViewportSize({ width: Math.floor((210 - 24) * mm), height: 900 });
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('[data-print-hide]').first()).toBeHidden();
      await expect(page.getByRole('combobox', { name: 'Template' })).toBeHidden();
      expect(await visibleCount(page.getByRole('button'))).toBe(0);
      expect(
        await visibleCount(page.getByRole('link', { name: /Share CV|Back to dashboard/ })),
      ).toBe(0);

      const sheet = page.locator(`[data-cv-layout="${id}"]`);
      const pageHeight = (297 - 24) * mm;
      const entries = await sheet.locator('.cv-entry').evaluateAll((els) =>
        els.map((el) => ({
          text: (el.textContent ?? '').slice(0, 40),
          height: el.getBoundingClientRect().height,
          breakInside: getComputedStyle(el).breakInside,
        })),
      );
      expect(entries.length).toBeGreaterThan(10);
      for (const e of entries) {
        // An entry shorter than a page can always be kept whole, and print CSS asks for it.
        expect(e.height, e.text).toBeLessThan(pageHeight);
        expect(e.breakInside, e.text).toBe('avoid');
      }
      const headings = await sheet
        .locator('.cv-heading')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).breakAfter));
      expect(headings.length).toBeGreaterThan(3);
      for (const b of headings) expect(b).toBe('avoid');

      // Lay the printed sheet out in A4-sized columns: Chrome fragments it as it does pages,
      // so an entry split across a page boundary would span two columns. (Unlike print,
      // multicol keeps an overflow:hidden box whole, so the sheet clips instead.)
      const columns = await sheet.evaluate(
        (el, { width, height }) => {
          (el as HTMLElement).style.overflow = 'clip';
          Object.assign(el.parentElement!.style, {
            columnWidth: `${width}px`,
            columnGap: '0px',
            columnFill: 'auto',
            height: `${height}px`,
            width: `${width}px`,
          });
          const left = el.parentElement!.getBoundingClientRect().left;
          return Array.from(el.querySelectorAll('.cv-entry')).map((entry) => {
            const r = entry.getBoundingClientRect();
            return {
              text: (entry.textContent ?? '').slice(0, 40),
              first: Math.floor((r.left - left) / width),
              last: Math.floor((r.right - left - 1) / width),
              rects: entry.getClientRects().length,
            };
          });
        },
        { width: Math.floor((210 - 24) * mm), height: Math.floor(pageHeight) },
      );
      // The sheet did run over several "pages" (else the check proves nothing)…
      expect(new Set(columns.map((c) => c.first)).size).toBeGreaterThan(1);
      // …and every entry sits within one.
      expect(columns.filter((c) => c.first !== c.last || c.rects > 1)).toEqual([]);
    });
  }
});

async function visibleCount(locator: Locator): Promise<number> {
  let n = 0;
  for (const el of await locator.all()) if (await el.isVisible()) n += 1;
  return n;
}
