import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState } from '../../lib/auth-store.ts';
import ShareCvPage from './share-cv-page.tsx';
import { renderWithProviders } from '../../test/kit.tsx';

let posts: unknown[];
let shareStatus = 201;
/** The user's CV versions (issue 30); none served: an older server. */
let versions: unknown[] | null = null;

function serve() {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url === '/api/curriculum-vitae')
        return json({ _id: 'a'.repeat(24), template: 'template03' });
      if (url === '/api/curriculum-vitae/versions' && versions) return json({ data: versions });
      if (url === '/api/photo/assigned') return json({ assignedPhotoUrl: '/media/file/p.jpg' });
      if (url === '/api/share-cv') {
        posts.push(JSON.parse(String(init.body)));
        return shareStatus === 201
          ? json({ success: true, data: {} }, 201)
          : json({ error: 'boom' }, shareStatus);
      }
      return json({ error: 'unexpected' }, 404);
    }),
  );
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/app/share-cv" element={<ShareCvPage />} />
      <Route path="/app/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    '/app/share-cv',
  );
}

beforeEach(() => {
  shareStatus = 201;
  versions = null;
  resetAuthState({
    user: { _id: 'u1', fullName: 'Ayanda Khumalo', email: 'a@k.example', isHR: false } as never,
  });
  serve();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Share CV wizard', () => {
  it('shares the CV version chosen, the default preselected', async () => {
    const user = userEvent.setup();
    const v = (_id: string, name: string, template: string, isDefault = false) => ({
      _id,
      name,
      template,
      isDefault,
      excluded: [],
      liveShares: 0,
    });
    versions = [
      v('b'.repeat(24), 'My CV', 'template03', true),
      v('c'.repeat(24), 'Data analyst', 'template07'),
    ];
    renderPage();
    const pick = await screen.findByRole('combobox', { name: 'CV to share' });
    expect(pick).toHaveDisplayValue('My CV (default)');
    await user.selectOptions(pick, 'Data analyst');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Recipient email'), 'hr@acme.example');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Data analyst')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send CV' }));
    await screen.findByText('Your CV has been sent! Good luck with your applications!');
    expect(posts).toEqual([
      expect.objectContaining({ curriculumVitaeID: 'c'.repeat(24), CVTemplate: 'template07' }),
    ]);
  });

  it('walks subject, message, recipients and preview, then sends', async () => {
    const user = userEvent.setup();
    renderPage();
    const subject = await screen.findByLabelText('Subject');
    expect(subject).toHaveValue('CV Application - Ayanda Khumalo');
    expect(screen.getByText('31/100')).toBeInTheDocument();

    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Subject is required').length).toBeGreaterThan(0);
    await user.type(subject, 'My CV');
    expect(screen.queryByText('Subject is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value.startsWith('Dear Hiring Manager,')).toBe(true);
    expect(message.value.trimEnd().endsWith('Ayanda Khumalo')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getAllByText('At least one recipient is required').length).toBeGreaterThan(0);

    const email = screen.getByLabelText('Recipient email');
    await user.type(email, 'bad-email');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getAllByText('Please enter a valid email address').length).toBeGreaterThan(0);
    await user.clear(email);
    await user.type(email, 'hr@acme.example{Enter}');
    await user.type(email, 'HR@acme.example{Enter}');
    expect(screen.getAllByText('This email address is already added').length).toBeGreaterThan(0);
    await user.clear(email);
    await user.type(email, 'x@y.example');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Remove x@y.example' }));
    // A valid typed email is added on submit.
    await user.type(email, 'boss@globex.example');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByText('My CV')).toBeInTheDocument();
    expect(screen.getByText('hr@acme.example')).toBeInTheDocument();
    expect(screen.getByText('boss@globex.example')).toBeInTheDocument();
    expect(screen.getByAltText('Your profile photo')).toHaveAttribute('src', '/media/file/p.jpg');

    await user.click(screen.getByRole('button', { name: 'Send CV' }));
    expect(
      await screen.findByText('Your CV has been sent! Good luck with your applications!'),
    ).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        curriculumVitaeID: 'a'.repeat(24),
        subject: 'My CV',
        recipients: [
          expect.objectContaining({ email: 'hr@acme.example' }),
          expect.objectContaining({ email: 'boss@globex.example' }),
        ],
        assignedPhotoUrl: '/media/file/p.jpg',
        CVTemplate: 'template03',
        expiresInDays: 30,
      }),
    ]);
    expect(screen.getByRole('link', { name: 'See my shares' })).toHaveAttribute(
      'href',
      '/app/my-shares',
    );
    expect(await screen.findByText('Dashboard page', {}, { timeout: 4000 })).toBeInTheDocument();
  }, 20_000);

  it.each([
    ['7 days', 7],
    ['90 days', 90],
    ['Never', null],
  ] as const)('sends the chosen expiry (%s) as expiresInDays', async (label, days) => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Subject');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: label }));
    await user.type(screen.getByLabelText('Recipient email'), 'hr@acme.example');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText(days === null ? 'Never' : `In ${days} days`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send CV' }));
    await screen.findByText('Your CV has been sent! Good luck with your applications!');
    expect(posts).toEqual([expect.objectContaining({ expiresInDays: days })]);
  });

  it('shows Failed to share CV when sending fails', async () => {
    shareStatus = 500;
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Subject');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Recipient email'), 'hr@acme.example');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(screen.getByRole('button', { name: 'Send CV' }));
    expect(await screen.findByText('Failed to share CV')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Recipient email')).toBeInTheDocument());
  });
});
