import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Certificate } from '@vitae/core/media';
import CertificatesScreen from './certificates-screen.tsx';
import { renderWithProviders } from '../../test/kit.tsx';

const PDF: Certificate = {
  _id: 'c1',
  title: 'First Aid Level 1',
  pdfUrl: '/media/file/abc.pdf?exp=1&sig=x',
  photoUrl: '',
  publicId: 'a'.repeat(24),
  issuer: '',
  date: '',
  url: '',
  lastUpdate: '2024-05-06T10:00:00.000Z',
};
const PHOTO: Certificate = {
  ...PDF,
  _id: 'c2',
  title: 'Forklift licence',
  pdfUrl: '',
  photoUrl: '/media/file/def.png?exp=1&sig=x',
};

let calls: Array<{ url: string; method: string; body: unknown }>;

/** A fake API: the list, and delete answering with the list minus the entry. */
function serve(initial: Certificate[]) {
  let list = [...initial];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { id?: string }) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      if (url.endsWith('/api/certificate/delete')) list = list.filter((c) => c._id !== body?.id);
      return new Response(JSON.stringify({ data: list }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderScreen() {
  return renderWithProviders(<CertificatesScreen />);
}

const fileInput = () => screen.getByLabelText(/^Certificate document/) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Certificates screen', () => {
  it('shows the empty message and opens the form when there are no certificates', async () => {
    serve([]);
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Certificates & Achievements' })).toBeVisible();
    expect(
      await screen.findByText(
        'No certificates added yet. Add your first certificate to get started!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Certificate title')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Form' })).toBeVisible();
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
  });

  it('refuses a file of another type and a file over 5MB with the product’s messages', async () => {
    serve([]);
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await screen.findByText(/No certificates added yet/);
    await user.upload(fileInput(), new File(['<html>'], 'cv.docx', { type: 'application/msword' }));
    expect(screen.getByText('Please select a PDF or image file (JPEG, PNG)')).toBeVisible();

    const big = new File([new Uint8Array(5_242_881)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), big);
    expect(screen.getByText('File size must be less than 5MB')).toBeVisible();
    expect(screen.queryByText(/PDF or image file/)).not.toBeInTheDocument();

    const ok = new File([new Uint8Array(5_242_880)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), ok);
    expect(screen.queryByText('File size must be less than 5MB')).not.toBeInTheDocument();
    expect(screen.getByText('scan.pdf')).toBeVisible();
  });

  it('accepts a dropped image and asks for a title before saving', async () => {
    serve([]);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText(/No certificates added yet/);
    await user.click(screen.getByRole('button', { name: 'Add Certificate' }));
    expect(screen.getByText('Certificate title is required')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const png = new File(['png'], 'award.png', { type: 'image/png' });
    fireEvent.drop(screen.getByTestId('certificate-drop-zone'), {
      dataTransfer: { files: [png] },
    });
    expect(screen.getByText('award.png')).toBeVisible();
  });

  it('adds a certificate without a document: title, issuer, date and link (issue 32)', async () => {
    serve([]);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText(/No certificates added yet/);
    await user.type(screen.getByLabelText('Certificate title'), 'AWS Solutions Architect');
    await user.type(screen.getByLabelText('Issuer (optional)'), 'Amazon Web Services');
    fireEvent.change(screen.getByLabelText('Date (optional)'), { target: { value: '2020-03' } });
    await user.type(screen.getByLabelText('Link to check it (optional)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add Certificate' }));
    expect(
      screen.getByText('Please enter a web address starting with http:// or https://'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Link to check it (optional)'));
    await user.type(
      screen.getByLabelText('Link to check it (optional)'),
      'https://aws.example/v/1',
    );
    await user.click(screen.getByRole('button', { name: 'Add Certificate' }));
    expect(await screen.findByText('Certificate added successfully!')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'AWS Solutions Architect',
      issuer: 'Amazon Web Services',
      date: '2020-03',
      url: 'https://aws.example/v/1',
    });
  });

  it('shows a certificate without a file by title, issuer · date and its link', async () => {
    serve([
      {
        ...PDF,
        _id: 'c3',
        title: 'AWS Solutions Architect',
        pdfUrl: '',
        publicId: '',
        issuer: 'Amazon Web Services',
        date: '2020-03',
        url: 'https://aws.example/v/1',
      },
    ]);
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('AWS Solutions Architect')).toBeVisible();
    expect(screen.getByText('Amazon Web Services · Mar 2020')).toBeVisible();
    expect(screen.getByText('No document')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://aws.example/v/1' })).toHaveAttribute(
      'href',
      'https://aws.example/v/1',
    );
    await user.click(screen.getByRole('button', { name: 'View AWS Solutions Architect' }));
    expect(screen.getByText('No document is attached to this certificate.')).toBeVisible();
  });

  it('lists certificates with their type and date, edits, and deletes after the inline confirm', async () => {
    serve([PDF, PHOTO]);
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('First Aid Level 1')).toBeVisible();
    expect(screen.getByText('PDF Document')).toBeVisible();
    expect(screen.getByText('Photo Document')).toBeVisible();
    expect(screen.getAllByText('Last Updated: 6 May 2024')).toHaveLength(2);
    // Not empty: the form waits behind the toggle.
    expect(screen.queryByLabelText('Certificate title')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit First Aid Level 1' }));
    expect(screen.getByLabelText('Certificate title')).toHaveValue('First Aid Level 1');
    expect(screen.getByRole('button', { name: 'Update Certificate' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Certificate title')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Certificate' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete First Aid Level 1' }));
    expect(screen.getByText('Delete this certificate?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Certificate deleted successfully!')).toBeVisible();
    expect(screen.queryByText('First Aid Level 1')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/certificate/delete'))?.body).toEqual({
      id: 'c1',
      publicId: PDF.publicId,
    });
  });

  it('refreshes at most once per 2 seconds', async () => {
    serve([PDF]);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('First Aid Level 1');
    const gets = () => calls.filter((c) => c.method === 'GET').length;
    const before = gets();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Certificates refreshed successfully!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });

  it('views a document in a modal that closes 1.5 s after the document opens', async () => {
    serve([PHOTO]);
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'View Forklift licence' }));
    const link = screen.getByRole('link', { name: 'Open image in new tab' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('href', PHOTO.photoUrl);
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(screen.getByRole('dialog')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 2500,
    });
  });
});
