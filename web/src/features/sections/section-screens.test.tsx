import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes, useLocation } from 'react-router';
import { confirmLeave } from './leave-guard.tsx';
import { SectionScreen } from './section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';
import { UNDO_MS } from './undo-delete.tsx';

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

    // Delete asks inline; Cancel keeps the entry; a failure shows
    // docs/product/builder.md#save-failures.
    await user.click(screen.getByRole('button', { name: 'Delete TIG welding' }));
    expect(screen.getByText('Delete this entry?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Delete this entry?')).toBeNull();
    // Yes, Delete hides the entry at once (the server hears of it once Undo has passed).
    await user.click(screen.getByRole('button', { name: 'Delete TIG welding' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(screen.queryByText('TIG welding')).toBeNull();
    expect(screen.getByText('Skill deleted successfully!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    // Empty again: the form is back.
    expect(field('Skill')).toBeInTheDocument();
  });

  it("maps the server's field errors and shows fixed save-failure messages", async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="reference" />);
    await user.type(await findField('Name'), 'Jo');
    await user.type(field('Company'), 'Acme');
    await user.type(field('Phone number'), '011 555 0123');
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

const SKILLS = {
  skill: [
    { _id: 's1', lastUpdate: '2024-01-01T00:00:00Z', skill: 'Welding', proficiency: 4 },
    { _id: 's2', lastUpdate: '2024-02-01T00:00:00Z', skill: 'Forklift', proficiency: 3 },
    { _id: 's3', lastUpdate: '2024-03-01T00:00:00Z', skill: 'Rigging', proficiency: 5 },
  ],
};
const deletes = (api: ReturnType<typeof fakeSectionApi>) =>
  api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
const shownSkills = () =>
  within(screen.getByRole('list', { name: 'Your skill entries' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

/** The Undo toast (the drag and drop's live region is a status too). */
const undoToast = () =>
  screen.getAllByRole('status').find((el) => /deleted successfully/.test(el.textContent ?? ''))!;
const noUndoToast = () => expect(screen.queryByText(/deleted successfully/)).toBeNull();

async function deleteSkill(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
}

describe('undo a delete', () => {
  it('Undo brings the entry back in its place and the server never deletes it', async () => {
    const api = fakeSectionApi(SKILLS);
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    await deleteSkill(user, 'Forklift');
    expect(shownSkills()).toEqual(['Welding', 'Rigging']);
    const toast = undoToast();
    expect(toast).toHaveTextContent('Skill deleted successfully!');
    // Focus stays in the editor (not on the toast); one Tab reaches Undo.
    expect(toast).not.toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(within(toast).getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');

    noUndoToast();
    expect(shownSkills()).toEqual(['Welding', 'Forklift', 'Rigging']);
    expect(screen.getByRole('button', { name: 'Delete Forklift' })).toBeInTheDocument();
    expect(deletes(api)).toEqual([]);
    expect(api.store.skill).toHaveLength(3);
  });

  it('sends the delete when Undo expires, and shows the entry again if it fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeSectionApi(SKILLS);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    await deleteSkill(user, 'Welding');
    await vi.advanceTimersByTimeAsync(UNDO_MS - 500);
    expect(deletes(api)).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(deletes(api)).toEqual(['/api/skill/s1']));
    expect(api.store.skill!.map((s) => s._id)).toEqual(['s2', 's3']);
    noUndoToast();
    expect(shownSkills()).toEqual(['Forklift', 'Rigging']);

    api.failNext('DELETE', 500, { error: 'boom' });
    await deleteSkill(user, 'Rigging');
    await vi.advanceTimersByTimeAsync(UNDO_MS + 100);
    expect(await screen.findByText('Failed to delete skill. Please try again.')).toBeVisible();
    await waitFor(() => expect(shownSkills()).toEqual(['Forklift', 'Rigging']));
  });

  it('the clock stops while the pointer is on the toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeSectionApi(SKILLS);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    await deleteSkill(user, 'Welding');
    await user.hover(undoToast());
    await vi.advanceTimersByTimeAsync(UNDO_MS * 3);
    expect(deletes(api)).toEqual([]);
    await user.unhover(undoToast());
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    await waitFor(() => expect(deletes(api)).toEqual(['/api/skill/s1']));
  });

  it('a second delete, or leaving the section, sends the pending one at once', async () => {
    const api = fakeSectionApi(SKILLS);
    const user = userEvent.setup();
    const view = renderWithProviders(<SectionScreen sectionKey="skill" />);
    await deleteSkill(user, 'Welding');
    await deleteSkill(user, 'Forklift');
    await waitFor(() => expect(deletes(api)).toEqual(['/api/skill/s1']));
    expect(shownSkills()).toEqual(['Rigging']);
    view.unmount();
    await waitFor(() => expect(deletes(api)).toEqual(['/api/skill/s1', '/api/skill/s2']));
    expect(api.store.skill!.map((s) => s._id)).toEqual(['s3']);
  });

  it('closing the page sends the pending delete with keepalive', async () => {
    const api = fakeSectionApi(SKILLS);
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    await deleteSkill(user, 'Rigging');
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(deletes(api)).toEqual(['/api/skill/s3']));
    const [, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(init).toMatchObject({ keepalive: true, credentials: 'include' });
  });
});

/** Where the router is, so a test can see whether a navigation happened. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderSectionWithLinks(sectionKey: 'skill' | 'personal-info') {
  return renderWithProviders(
    <>
      <Link to="/elsewhere">Go elsewhere</Link>
      <button
        type="button"
        onClick={() => confirmLeave(() => window.dispatchEvent(new Event('left')))}
      >
        Picker
      </button>
      <Where />
      <Routes>
        <Route path="/builder" element={<SectionScreen sectionKey={sectionKey} />} />
        <Route path="/elsewhere" element={<p>Somewhere else</p>} />
      </Routes>
    </>,
    '/builder',
  );
}

describe('leaving a form with unsaved changes', () => {
  const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

  it('asks before a link takes the user away; Keep editing keeps the typing', async () => {
    fakeSectionApi(SKILLS);
    const user = userEvent.setup();
    renderSectionWithLinks('skill');
    await user.click(await screen.findByRole('button', { name: 'Add skill' }));
    // Nothing typed yet: no question.
    await user.click(screen.getByRole('button', { name: 'Edit Welding' }));
    expect(leaveDialog()).toBeNull();
    await user.type(field('Skill'), ' (MIG)');

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(leaveDialog()).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/builder');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(leaveDialog()).toBeNull();
    expect(field('Skill')).toHaveValue('Welding (MIG)');

    // Editing another entry would drop the typing too: same question.
    await user.click(screen.getByRole('button', { name: 'Edit Rigging' }));
    expect(leaveDialog()).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(field('Skill')).toHaveValue('Welding (MIG)');

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByText('Somewhere else')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
  });

  it('the browser asks before the tab closes, only while there are changes', async () => {
    fakeSectionApi();
    const user = userEvent.setup();
    renderSectionWithLinks('personal-info');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const name = await findField('Full name');
    expect(unload()).toBe(false);
    await user.type(name, 'Thandi');
    expect(unload()).toBe(true);

    let left = 0;
    window.addEventListener('left', () => left++);
    await user.click(screen.getByRole('button', { name: 'Picker' }));
    expect(leaveDialog()).toBeVisible();
    expect(left).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(left).toBe(1);
  });

  it('no question after a successful save', async () => {
    fakeSectionApi();
    const user = userEvent.setup();
    renderSectionWithLinks('skill');
    await user.type(await findField('Skill'), 'Welding');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Skill added successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(leaveDialog()).toBeNull();
    expect(screen.getByText('Somewhere else')).toBeInTheDocument();
  });
});
