import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

const card = (page: Page, tab: string) => page.locator(`[data-card="${tab}"]`);

/** Opens a section from its dashboard card and checks the builder shows its title. */
async function openFromDashboard(page: Page, tab: string, title: string) {
  await card(page, tab).click();
  await expect(page).toHaveURL(new RegExp(`/app/cv-builder\\?tab=${tab}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function backToDashboard(page: Page) {
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

const addButton = (page: Page) => page.getByRole('button', { name: 'Add', exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** The indicator each card shows for a new user, and after the story fills it in. */
const BEFORE_AFTER: Array<[tab: string, before: string, after: string]> = [
  ['personalInfo', '0%', '100%'],
  ['contactInfo', '0%', '100%'],
  ['personalSummary', 'Incomplete', 'Complete'],
  ['employmentHistory', '0 added', '1 added'],
  ['experience', '0 added', '1 added'],
  ['education', 'Incomplete', 'Complete'],
  ['tertiaryEducation', 'Incomplete', 'Complete'],
  ['skills', '0 added', '1 added'],
  ['languages', '0 added', '1 added'],
  ['attributes', '0 added', '1 added'],
  ['interests', '0 added', '2 added'],
  ['references', '0 added', '1 added'],
];
const after = Object.fromEntries(BEFORE_AFTER.map(([tab, , a]) => [tab, a]));

/** Back on the dashboard, the card of `tab` shows its new indicator. */
async function expectCardChanged(page: Page, tab: string) {
  await backToDashboard(page);
  await expect(card(page, tab)).toContainText(after[tab]!);
}

test('a new user fills every section through the builder and keeps it all', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(page, { fullName: 'Builder Person' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  for (const [tab, before] of BEFORE_AFTER) await expect(card(page, tab)).toContainText(before);
  await expect(page.getByRole('region', { name: 'First Impression' })).toContainText('Incomplete');

  // Personal information: passport and nationality only for non-citizens, code only with a licence.
  await openFromDashboard(page, 'personalInfo', 'Personal Information');
  await page.getByLabel('Full name').fill('Builder Person');
  await page.getByLabel('Date of birth').fill('1991-04-12');
  await page.getByLabel('ID number').fill('9104125800087');
  await page.getByLabel('Gender').selectOption('female');
  await expect(page.getByLabel('Passport number')).toHaveCount(0);
  await page.getByLabel('I am a South African citizen').uncheck();
  await page.getByLabel('Passport number').fill('P1234567');
  await page.getByLabel('Nationality').fill('Namibian');
  await expect(page.getByLabel('Licence code')).toHaveCount(0);
  await page.getByLabel("I have a driver's licence").check();
  await page.getByLabel('Licence code').selectOption('EB');
  await saveButton(page).click();
  await expect(page.getByText('Personal information saved successfully!')).toBeVisible();
  await expectCardChanged(page, 'personalInfo');

  // Contact information: a long number is never cut while typing; over the stored 20
  // characters the save says so.
  await openFromDashboard(page, 'contactInfo', 'Contact Information');
  await saveButton(page).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toBeFocused();
  await page.getByLabel('Phone number').fill('+27 82 555 0147 99999');
  await saveButton(page).click();
  await expect(page.getByText('Phone number must be 20 characters or less')).toBeVisible();
  await page.getByLabel('Phone number').fill('+27 82 555 0147');
  await expect(page.getByLabel('Phone number')).toHaveValue('+27 82 555 0147');
  await page.getByLabel('Email').fill('builder@example.test');
  await page.getByLabel('Street address').fill('12 Long Street');
  await page.getByLabel('Suburb').fill('Gardens');
  await page.getByLabel('City').fill('Cape Town');
  await page.getByLabel('Province').fill('Western Cape');
  await page.getByLabel('Country').fill('South Africa');
  await page.getByLabel('Postal code').fill('8001');
  await saveButton(page).click();
  await expect(page.getByText('Contact information saved successfully!')).toBeVisible();
  await expectCardChanged(page, 'contactInfo');

  await openFromDashboard(page, 'personalSummary', 'Personal Summary');
  await page
    .getByLabel('Personal summary')
    .fill('Calm, careful bookkeeper with ten years of practice.');
  await saveButton(page).click();
  await expect(page.getByText('Personal summary saved successfully!')).toBeVisible();
  await expectCardChanged(page, 'personalSummary');

  // Employment history: ticking current clears and disables the end date.
  await openFromDashboard(page, 'employmentHistory', 'Employment History');
  await page.getByLabel('Company').fill('Table Bay Traders');
  await page.getByLabel('Position').fill('Bookkeeper');
  await page.getByLabel('Start date').fill('2019-02');
  await page.getByLabel('End date').fill('2020-02');
  await page.getByLabel('I currently work here').check();
  await expect(page.getByLabel('End date')).toBeDisabled();
  await expect(page.getByLabel('End date')).toHaveValue('');
  await addButton(page).click();
  await expect(page.getByText('Employment history added successfully!')).toBeVisible();
  await expect(page.getByText('Feb 2019 – Present')).toBeVisible();
  await expectCardChanged(page, 'employmentHistory');

  await openFromDashboard(page, 'experience', 'Work Experience');
  await page.getByLabel('Experience title').fill('Treasurer, chess club');
  await page.getByLabel('Description').fill('Kept the books of a 60-member club.');
  await addButton(page).click();
  await expect(page.getByText('Experience added successfully!')).toBeVisible();
  await expectCardChanged(page, 'experience');

  // Secondary education: subjects typed as comma-separated text, shown as a list.
  await openFromDashboard(page, 'education', 'Secondary Education');
  await page.getByLabel('School name').fill('Rustenburg High');
  await page.getByLabel('Start year').fill('2005');
  await page.getByLabel('End year').fill('2004');
  await addButton(page).click();
  await expect(page.getByText('End year cannot be before start year')).toBeVisible();
  await page.getByLabel('End year').fill('2009');
  await page.getByRole('textbox', { name: 'Subjects' }).fill('Accounting, Mathematics ,English,');
  await addButton(page).click();
  await expect(page.getByText('Secondary education added successfully!')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Subjects studied' }).getByRole('listitem'),
  ).toHaveText(['Accounting', 'Mathematics', 'English']);
  await expectCardChanged(page, 'education');

  await openFromDashboard(page, 'tertiaryEducation', 'Tertiary Education');
  await page.getByLabel('Institute name').fill('University of Cape Town');
  await page.getByLabel('Qualification').fill('BCom Accounting');
  await page.getByLabel('Start date').fill('2010-02');
  await page.getByLabel('End date').fill('2013-11');
  await addButton(page).click();
  await expect(page.getByText('Tertiary education added successfully!')).toBeVisible();
  await expectCardChanged(page, 'tertiaryEducation');

  // Skills: add two, edit one, delete the other after the inline confirmation.
  await openFromDashboard(page, 'skills', 'Skills');
  await expect(page.getByLabel('Proficiency')).toContainText('5 - Expert');
  await page.getByRole('textbox', { name: 'Skill', exact: true }).fill('Excel');
  await page.getByLabel('Proficiency').selectOption('4');
  await addButton(page).click();
  await expect(page.getByText('Skill added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Add skill' }).click();
  await page.getByRole('textbox', { name: 'Skill', exact: true }).fill('Payroll');
  await addButton(page).click();
  await expect(page.getByText('Payroll')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add skill' })).toBeVisible(); // form closed after 1 s
  await page.getByRole('button', { name: 'Edit Payroll' }).click();
  await expect(page.getByRole('textbox', { name: 'Skill', exact: true })).toHaveValue('Payroll');
  await page.getByRole('textbox', { name: 'Skill', exact: true }).fill('Payroll (SARS eFiling)');
  await page.getByLabel('Proficiency').selectOption('5');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText('Skill updated successfully!')).toBeVisible();
  await expect(page.getByText('5/5 - Expert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add skill' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Excel' }).click();
  await expect(page.getByText('Delete this entry?')).toBeVisible();
  await page
    .getByRole('group', { name: 'Confirm delete' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByText('Delete this entry?')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Excel' }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByText('Skill deleted successfully!')).toBeVisible();
  await expect(page.getByText('Excel', { exact: true })).toHaveCount(0);
  await expectCardChanged(page, 'skills');

  await openFromDashboard(page, 'languages', 'Languages');
  await page.getByLabel('Language').fill('English');
  await page.getByLabel('Read').selectOption('5');
  await page.getByLabel('Write').selectOption('4');
  await page.getByLabel('Speak').selectOption('5');
  await addButton(page).click();
  await expect(page.getByText('Language added successfully!')).toBeVisible();
  await expect(page.getByText('4/5 - Advanced')).toBeVisible();
  await expectCardChanged(page, 'languages');

  // Attributes refuse a duplicate (any case) with the server's message.
  await openFromDashboard(page, 'attributes', 'Attributes');
  await page.getByRole('textbox', { name: 'Attribute' }).fill('Reliable');
  await addButton(page).click();
  await expect(page.getByText('Attribute added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await page.getByRole('textbox', { name: 'Attribute' }).fill('reliable');
  await addButton(page).click();
  await expect(page.getByText('This attribute already exists')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectCardChanged(page, 'attributes');

  await openFromDashboard(page, 'interests', 'Interests');
  await page.getByRole('textbox', { name: 'Interest' }).fill('Chess');
  await addButton(page).click();
  await expect(page.getByText('Interest added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Add interest' }).click();
  await page.getByRole('textbox', { name: 'Interest' }).fill('Hiking');
  await addButton(page).click();
  await expect(page.getByText('Hiking')).toBeVisible();
  await expectCardChanged(page, 'interests');

  await openFromDashboard(page, 'references', 'References');
  await page.getByLabel('Name').fill('Sipho Ndlovu');
  await page.getByLabel('Company').fill('Table Bay Traders');
  await page.getByLabel('Phone number').fill('021 555 0100');
  await page.getByLabel('Email').fill('not-an-email');
  await addButton(page).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('sipho@example.test');
  await addButton(page).click();
  await expect(page.getByText('Reference added successfully!')).toBeVisible();
  await expectCardChanged(page, 'references');

  // Everything is kept: a reload shows the same indicators and the stored entries.
  await page.reload();
  for (const [tab, , a] of BEFORE_AFTER) await expect(card(page, tab)).toContainText(a);
  await page.goto('/app/cv-builder?tab=skills');
  await expect(page.getByText('Payroll (SARS eFiling)')).toBeVisible();
  await expect(page.getByText(/^Last updated: /)).toBeVisible();
  await page.goto('/app/cv-builder?tab=personalInfo');
  await expect(page.getByLabel('Full name')).toHaveValue('Builder Person');
  await expect(page.getByLabel('Nationality')).toHaveValue('Namibian');
  await expect(page.getByLabel('Licence code')).toHaveValue('EB');
  await page.goto('/app/cv-builder?tab=education');
  await page.getByRole('button', { name: 'Edit Rustenburg High' }).click();
  await expect(page.getByRole('textbox', { name: 'Subjects' })).toHaveValue(
    'Accounting, Mathematics, English',
  );

  // Screenshots of the builder at phone and desktop widths.
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['skills', 'personalInfo', 'employmentHistory']) {
      await page.goto(`/app/cv-builder?tab=${tab}`);
      await expect(page.getByRole('status')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/builder-${tab}-${width}.png`, fullPage: true });
    }
    await page.goto('/app/dashboard');
    await expect(card(page, 'skills')).toContainText('1 added');
    await page.screenshot({ path: `${SHOTS}/dashboard-cards-${width}.png`, fullPage: true });
  }
});

test('unknown tabs show Coming Soon with a way back', async ({ page }) => {
  const user = await createVerifiedUser(page);
  await signIn(page, user.email, user.password);
  await page.goto('/app/cv-builder?tab=somethingElse');
  await expect(page.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/app/cv-builder?tab=interest');
  await expect(page.getByRole('heading', { level: 1, name: 'Interests' })).toBeVisible();
});
