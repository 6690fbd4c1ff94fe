import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionScreen } from './section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from './test-utils.tsx';

/** A field by its label; required fields' labels end with a decorative asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}( \\*)?$`);
const field = (text: string) => screen.getByLabelText(label(text));
const findField = (text: string) => screen.findByLabelText(label(text));

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('personal information', () => {
  it('shows passport and nationality only for non-citizens, the code only with a licence', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="personal-info" />);

    const citizen = await findField('I am a South African citizen');
    expect(citizen).toBeChecked();
    expect(screen.queryByLabelText(label('Passport number'))).toBeNull();
    expect(screen.queryByLabelText(label('Nationality'))).toBeNull();
    expect(screen.queryByLabelText(label('Licence code'))).toBeNull();

    await user.click(citizen);
    expect(field('Passport number')).toBeInTheDocument();
    expect(field('Nationality')).toBeInTheDocument();

    await user.click(field("I have a driver's licence"));
    const code = field('Licence code');
    const options = within(code)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(1)).toEqual(['A1', 'A', 'B', 'C1', 'C', 'EB', 'EC1', 'EC']);

    // Required field from the core schema, focused on error.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(field('Full name')).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(field('Full name'), 'Ana Silva');
    await user.type(field('Passport number'), 'P998877');
    await user.type(field('Nationality'), 'Mozambican');
    await user.selectOptions(code, 'C1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Personal information saved successfully!')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      fullName: 'Ana Silva',
      saCitizen: false,
      ppNumber: 'P998877',
      nationality: 'Mozambican',
      driversLicense: true,
      licenseCode: 'C1',
    });

    // Ticking citizen again hides the fields.
    await user.click(field('I am a South African citizen'));
    expect(screen.queryByLabelText(label('Passport number'))).toBeNull();
  });
});

describe('employment history', () => {
  it('ticking current clears and disables the end date', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="employment-history" />);

    await user.type(await findField('Company'), 'Acme');
    await user.type(field('Position'), 'Clerk');
    const end = field('End date');
    await user.type(field('Start date'), '2020-01');
    await user.type(end, '2021-06');
    expect(end).toHaveValue('2021-06');

    await user.click(field('I currently work here'));
    expect(end).toBeDisabled();
    expect(end).toHaveValue('');

    await user.click(field('I currently work here'));
    expect(end).toBeEnabled();

    await user.click(field('I currently work here'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Employment history added successfully!');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      company: 'Acme',
      current: true,
      endDate: '',
    });
  });
});

describe('list form modes (skills)', () => {
  it('shows the form on an empty list, then add, edit, cancel and delete confirm', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);

    // Empty list: the form is shown directly, without an Add button.
    const skill = await findField('Skill');
    expect(screen.queryByRole('button', { name: 'Add skill' })).toBeNull();
    expect(screen.getByRole('option', { name: '1 - Novice' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '5 - Expert' })).toBeInTheDocument();

    await user.type(skill, 'Welding');
    await user.selectOptions(field('Proficiency'), '4');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Skill added successfully!')).toBeInTheDocument();
    expect(screen.getByText('Welding')).toBeInTheDocument();
    expect(screen.getByText('4/5 - Experienced')).toBeInTheDocument();
    expect(screen.getByText('Last updated: 6 May 2024')).toBeInTheDocument();
    expect(api.store.skill).toHaveLength(1);

    // Non-empty list: the form hides behind Add.
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Skill is required')).toBeInTheDocument();
    expect(field('Skill')).toHaveFocus();
    // Cancel hides the form and clears the fields and errors.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(label('Skill'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(screen.queryByText('Skill is required')).toBeNull();
    await user.type(field('Skill'), 'half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(field('Skill')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.store.skill).toHaveLength(1);

    // Edit pre-fills and updates; Updating... while busy.
    await user.click(screen.getByRole('button', { name: 'Edit Welding' }));
    expect(field('Skill')).toHaveValue('Welding');
    expect(field('Proficiency')).toHaveValue('4');
    await user.clear(field('Skill'));
    await user.type(field('Skill'), 'TIG welding');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Skill updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('TIG welding')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/skill/id1',
      body: { skill: 'TIG welding', proficiency: 4 },
    });
    // The form closes 1 s after a save on a non-empty list.
    await waitFor(() => expect(screen.queryByLabelText(label('Skill'))).toBeNull(), {
      timeout: 2000,
    });

    // Delete asks inline; Cancel keeps the entry; a failure shows the spec's message.
    await user.click(screen.getByRole('button', { name: 'Delete TIG welding' }));
    expect(screen.getByText('Delete this entry?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Delete this entry?')).toBeNull();
    api.failNext('DELETE', 500, { error: 'boom' });
    await user.click(screen.getByRole('button', { name: 'Delete TIG welding' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(
      await screen.findByText('Failed to delete skill. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('TIG welding')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(screen.queryByText('TIG welding')).toBeNull());
    expect(api.store.skill).toHaveLength(0);
    // Empty again: the form is back.
    expect(field('Skill')).toBeInTheDocument();
  });

  it("maps the server's field errors and shows fixed save-failure messages", async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="reference" />);
    await user.type(await findField('Name'), 'Jo');
    await user.type(field('Company'), 'Acme');
    await user.type(field('Phone number'), '011');
    api.failNext('POST', 400, { error: 'x', fieldErrors: { company: 'Company is taken' } });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Company is taken')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to save reference. Please try again.',
    );
  });

  it('interests are created by sending the whole list and show duplicates', async () => {
    const api = fakeSectionApi({
      interest: [{ _id: 'a', lastUpdate: '2024-01-01T00:00:00Z', interest: 'Chess' }],
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="interest" />);
    await user.click(await screen.findByRole('button', { name: 'Add interest' }));
    await user.type(field('Interest'), 'Hiking');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Interest added successfully!');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      interests: [{ _id: 'a', interest: 'Chess' }, { interest: 'Hiking' }],
    });

    api.failNext('POST', 400, {
      error: 'This interest already exists',
      fieldErrors: { interest: 'This interest already exists' },
    });
    await waitFor(() => expect(screen.queryByLabelText(label('Interest'))).toBeNull(), {
      timeout: 2000,
    });
    await user.click(screen.getByRole('button', { name: 'Add interest' }));
    await user.type(field('Interest'), 'chess');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This interest already exists')).toBeInTheDocument();
  });
});

describe('secondary education', () => {
  it('sends comma-separated subjects as [{subject, key}]', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="secondary-education" />);
    await user.type(await findField('School name'), 'Hill High');
    await user.type(field('Start year'), '2001');
    await user.type(field('End year'), '2005');
    await user.type(field('Subjects'), 'Maths, Art ,');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Secondary education added successfully!');
    const body = api.calls.find((c) => c.method === 'POST')?.body as {
      subjects: Array<{ subject: string; key: string }>;
    };
    expect(body.subjects.map((s) => s.subject)).toEqual(['Maths', 'Art']);
    expect(body.subjects.every((s) => s.key.length > 0)).toBe(true);
  });
});
