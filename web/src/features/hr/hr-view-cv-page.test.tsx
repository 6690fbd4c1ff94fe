import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_CV } from '@vitae/core/sample-cv';
import { HR_MESSAGES, type SavedCvDetail } from '@vitae/core/hr';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { renderAt, stubFetch } from '../../test/kit.tsx';
import HrViewCvPage from './hr-view-cv-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const DETAIL: SavedCvDetail = {
  _id: 's1',
  curriculumVitaeID: 'cv1',
  fullName: 'Thandi Mokoena',
  rank: 'good',
  viewCount: 1,
  dateSaved: '2026-11-01T10:00:00.000Z',
  lastViewed: '2026-11-02T10:00:00.000Z',
  notes: [{ _id: 'n1', content: 'Strong Python', createdAt: '2026-11-01T11:00:00.000Z' }],
  curriculumVitae: SAMPLE_CV,
  cvTemplate: 'template01',
  listed: true,
  available: true,
  contactAccess: 'open',
  headline: '',
  yearsExperience: 0,
  topSkills: [],
  city: '',
  province: '',
};

const PHOTO = '/media/file/photo.jpg?exp=1&sig=a';
const VIDEO = '/media/file/video.mp4?exp=1&sig=b';
const CERT = '/media/file/cert.pdf?exp=1&sig=c';
const WITH_MEDIA: SavedCvDetail = {
  ...DETAIL,
  curriculumVitae: {
    ...SAMPLE_CV,
    assignedPhotoUrl: PHOTO,
    firstImpression: { _id: 'v1', videoUrl: VIDEO },
    certificates: [
      { _id: 'c1', title: 'First aid', pdfUrl: CERT, photoUrl: '', issuer: '', date: '', url: '' },
      {
        _id: 'c2',
        title: 'AWS Solutions Architect',
        pdfUrl: '',
        photoUrl: '',
        issuer: 'Amazon Web Services',
        date: '2020-03',
        url: 'https://aws.example/verify/1',
      },
    ],
  },
};

/** Unlisted by its owner and not shared with this HR user: the entry without the CV. */
const UNAVAILABLE: SavedCvDetail = {
  ...DETAIL,
  listed: false,
  available: false,
  curriculumVitae: null,
};

const open = () => renderAt(<HrViewCvPage />, '/app/hr-view-cv/s1', '/app/hr-view-cv/:id');

describe('HR view of a saved CV', () => {
  it('shows the info bar and restores the previous rank with an alert on failure', async () => {
    stubFetch((url, init) =>
      init?.method === 'PUT'
        ? { status: 500, body: { error: 'boom' } }
        : { status: 200, body: DETAIL },
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    open();
    expect(await screen.findByRole('heading', { name: 'Thandi Mokoena' })).toBeInTheDocument();
    expect(screen.getByText(/1 view ·/)).toBeInTheDocument();
    const rank = screen.getByLabelText('Rank') as HTMLSelectElement;
    expect(rank.value).toBe('good');
    await userEvent.selectOptions(rank, 'poor');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to update rank. Please try again.'),
    );
    expect(rank.value).toBe('good');
  });

  it('adds a note and deletes one after the inline confirmation', async () => {
    const fetch = stubFetch((url, init) => {
      if (init?.method === 'PUT')
        return {
          status: 200,
          body: {
            ...DETAIL,
            notes: [
              { _id: 'n2', content: 'Call Monday', createdAt: '2026-11-03T09:00:00.000Z' },
              ...DETAIL.notes,
            ],
          },
        };
      if (init?.method === 'DELETE') return { status: 200, body: { ...DETAIL, notes: [] } };
      return { status: 200, body: DETAIL };
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Notes (1)' }));
    const box = screen.getByLabelText('New note');
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeDisabled();
    await userEvent.type(box, '  Call Monday ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    const notes = await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() =>
      expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Call Monday'),
    );
    expect(
      JSON.parse(fetch.mock.calls.find((c) => c[1]?.method === 'PUT')![1]!.body as string),
    ).toEqual({
      content: 'Call Monday',
    });
    await userEvent.click(within(notes).getAllByRole('button', { name: 'Delete' })[0]!);
    expect(screen.getByText('Delete this note?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Delete this note?')).not.toBeInTheDocument();
    await userEvent.click(within(notes).getAllByRole('button', { name: 'Delete' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('No notes yet. Add your first note above!')).toBeInTheDocument();
  });

  it.each([
    [400, 'Please remove unsupported characters.', 'Please remove unsupported characters.'],
    [409, HR_MESSAGES.tooManyNotes, HR_MESSAGES.tooManyNotes],
    [500, 'boom', 'Failed to add note. Please try again.'],
  ])('a note refused with %i alerts %j → %j', async (status, error, shown) => {
    stubFetch((url, init) =>
      init?.method === 'PUT' ? { status, body: { error } } : { status: 200, body: DETAIL },
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Notes (1)' }));
    await userEvent.type(screen.getByLabelText('New note'), 'Call \u0007 Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(shown));
    // The text stays for the user to correct.
    expect(screen.getByLabelText('New note')).toHaveValue('Call \u0007 Monday');
  });

  it('shows the photo, the First Impression video and the certificates', async () => {
    stubFetch(() => ({ status: 200, body: WITH_MEDIA }));
    open();
    const name = SAMPLE_CV.personalInfo!.fullName;
    expect(await screen.findByRole('img', { name: `Photo of ${name}` })).toHaveAttribute(
      'src',
      PHOTO,
    );
    await userEvent.click(screen.getByRole('button', { name: 'First Impression' }));
    const video = await screen.findByRole('dialog', {
      name: 'First Impression Video of Thandi Mokoena',
    });
    expect(video.querySelector('video')).toHaveAttribute('src', VIDEO);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Certificates (2)' }));
    const certs = await screen.findByRole('dialog', { name: 'Certificates of Thandi Mokoena' });
    expect(within(certs).getByText('First aid')).toBeInTheDocument();
    expect(within(certs).getByText('PDF Document')).toBeInTheDocument();
    // Without a file (issue 32): title, issuer · date and the link; nothing to view.
    expect(within(certs).getByText('Amazon Web Services · Mar 2020')).toBeInTheDocument();
    expect(
      within(certs).getByRole('link', { name: 'https://aws.example/verify/1' }),
    ).toHaveAttribute('href', 'https://aws.example/verify/1');
    expect(within(certs).getAllByRole('button', { name: 'View' })).toHaveLength(1);
    expect(within(certs).getByRole('link', { name: 'Download First aid' })).toHaveAttribute(
      'href',
      CERT,
    );
    await userEvent.click(within(certs).getByRole('button', { name: 'View' }));
    expect(screen.getByTitle('First aid')).toHaveAttribute('src', CERT);
  });

  it('without media, offers neither the video nor the certificates', async () => {
    stubFetch(() => ({
      status: 200,
      body: {
        ...DETAIL,
        curriculumVitae: { ...SAMPLE_CV, firstImpression: null, certificates: [] },
      },
    }));
    open();
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'First Impression' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Certificates/ })).not.toBeInTheDocument();
  });

  it('once unlisted: says so, keeps rank and notes, shows nothing of the CV', async () => {
    stubFetch(() => ({ status: 200, body: UNAVAILABLE }));
    open();
    expect(await screen.findByRole('heading', { name: 'Thandi Mokoena' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This candidate no longer lists their CV publicly. Your notes and rank are kept.',
    );
    expect((screen.getByLabelText('Rank') as HTMLSelectElement).value).toBe('good');
    // The notes are what is left to work with: open from the start.
    expect(screen.getByRole('button', { name: 'Notes (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('list', { name: 'Notes' })).toHaveTextContent('Strong Python');
    for (const name of ['Print', 'First Impression', /Certificates/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(SAMPLE_CV.contactInfo!.phone)).not.toBeInTheDocument();
  });

  it('asks for the contact details with one click and shows the request state', async () => {
    const masked = {
      ...SAMPLE_CV,
      contactInfo: { ...SAMPLE_CV.contactInfo!, email: '', phone: '' },
    };
    let access: SavedCvDetail['contactAccess'] = 'not-requested';
    const fetch = stubFetch((url, init) => {
      if (url === '/hr/saved-cv/s1/contact-request' && init?.method === 'POST') {
        access = 'requested';
        return { status: 201, body: { ...DETAIL, contactAccess: access } };
      }
      return { status: 200, body: { ...DETAIL, curriculumVitae: masked, contactAccess: access } };
    });
    open();
    const region = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(region).getByTestId('contact-access')).toHaveTextContent('Not requested');
    expect(screen.queryByText(SAMPLE_CV.contactInfo!.email)).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Request contact details' }));
    await waitFor(() =>
      expect(within(region).getByTestId('contact-access')).toHaveTextContent('Requested'),
    );
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(
      fetch.mock.calls.filter(([u]) => String(u) === '/hr/saved-cv/s1/contact-request'),
    ).toHaveLength(1);
  });

  it('shows the details as soon as the candidate approves, without a reload or a counted visit', async () => {
    const masked = {
      ...SAMPLE_CV,
      contactInfo: { ...SAMPLE_CV.contactInfo!, email: '', phone: '' },
    };
    let approved = false;
    const fetch = stubFetch(() => ({
      status: 200,
      body: approved
        ? { ...DETAIL, contactAccess: 'approved' }
        : { ...DETAIL, curriculumVitae: masked, contactAccess: 'requested', viewId: 'v1' },
    }));
    open();
    const region = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(region).getByTestId('contact-access')).toHaveTextContent('Requested');
    expect(screen.queryByText(SAMPLE_CV.contactInfo!.email)).not.toBeInTheDocument();

    approved = true;
    act(() =>
      dispatchSocketEvent('notification', {
        _id: 'n1',
        type: 'contact-approved',
        title: 'Contact details shared',
        message: 'Thandi Mokoena approved your request: their contact details are visible now.',
        recipientEmail: null,
        shareCVId: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        isRead: false,
        occurredAt: '2026-11-26T10:00:00.000Z',
        contactRequestId: null,
      }),
    );
    expect((await screen.findAllByText(SAMPLE_CV.contactInfo!.email)).length).toBeGreaterThan(0);
    expect(within(region).getByTestId('contact-access')).toHaveTextContent('Approved');
    const calls = fetch.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
    expect(calls.filter((c) => c === 'POST /hr/saved-cv/s1/views')).toHaveLength(1);
    expect(calls).toContain('GET /hr/saved-cv/s1');
  });

  it.each([
    ['approved', 'Approved', 'their email, phone number and street address are on the CV'],
    ['declined', 'Declined', 'declined your request'],
  ] as const)('shows the %s state without a button', async (access, badge, text) => {
    stubFetch(() => ({ status: 200, body: { ...DETAIL, contactAccess: access } }));
    open();
    const region = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(region).getByTestId('contact-access')).toHaveTextContent(badge);
    expect(region).toHaveTextContent(text);
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no contact bar when the details are open to every saver', async () => {
    stubFetch(() => ({ status: 200, body: DETAIL }));
    open();
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact details' })).not.toBeInTheDocument();
  });

  it('says CV Not Found with a way back', async () => {
    stubFetch(() => ({ status: 404, body: { error: 'Saved CV not found' } }));
    open();
    expect(await screen.findByRole('heading', { name: 'CV Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('The saved CV could not be found or may have been removed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to HR Dashboard' })).toHaveAttribute(
      'href',
      '/app/hr-dashboard',
    );
  });
});
