import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadPdfDialog } from './download-pdf-dialog.tsx';

let urls: string[];

/** The server's answer to the PDF call; a promise keeps the request open. */
function serve(answer: () => Promise<Response> | Response) {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(onPrintInstead = vi.fn(), onClose = vi.fn()) {
  render(
    <DownloadPdfDialog
      open
      onClose={onClose}
      path="/api/curriculum-vitae/pdf"
      template="template04"
      onPrintInstead={onPrintInstead}
    />,
  );
  return { onPrintInstead, onClose };
}

describe('DownloadPdfDialog', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("starts on the CV's own paper size over the one last used on this device", () => {
    localStorage.setItem('vitae.pdfPaper', 'a4');
    render(
      <DownloadPdfDialog
        open
        onClose={vi.fn()}
        path="/api/curriculum-vitae/pdf"
        defaultPaper="letter"
        onPrintInstead={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  });

  it('opens on the paper of the CV loaded after the screen mounted it', () => {
    const props = {
      onClose: vi.fn(),
      path: '/api/curriculum-vitae/pdf',
      onPrintInstead: vi.fn(),
    };
    // Mounted closed while the CV was loading (A4 assumed), opened once it says US Letter.
    const { rerender } = render(<DownloadPdfDialog {...props} open={false} defaultPaper="a4" />);
    rerender(<DownloadPdfDialog {...props} open defaultPaper="letter" />);
    expect(screen.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  });

  it("hands a paper chosen on the owner's screen back, to be stored as the CV's own", async () => {
    const onPaperChange = vi.fn();
    render(
      <DownloadPdfDialog
        open
        onClose={vi.fn()}
        path="/api/curriculum-vitae/pdf"
        defaultPaper="a4"
        onPaperChange={onPaperChange}
        onPrintInstead={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'US Letter' }));
    expect(onPaperChange).toHaveBeenCalledWith('letter');
    expect(screen.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  });

  it('saves the file named by the server, with the paper remembered for next time', async () => {
    serve(
      () =>
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Lerato-Dube-CV.pdf"; filename*=UTF-8''Lerato-Dub%C3%A9-CV.pdf`,
          },
        }),
    );
    // jsdom has no object URLs; the browser's are only handed to the link.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { onClose } = renderDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'US Letter' }));
    await userEvent.click(screen.getByRole('button', { name: /PDF as Template/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(urls).toEqual(['/api/curriculum-vitae/pdf?paper=letter&template=template04']);
    expect(clicked).toEqual(['Lerato-Dubé-CV.pdf']);
    expect(localStorage.getItem('vitae.pdfPaper')).toBe('letter');
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('shows a busy state while the server renders, then its error message', async () => {
    let answer!: (r: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Ink Friendly PDF/ }));
    expect(screen.getByRole('button', { name: /Making your PDF/ })).toBeDisabled();
    expect(urls[0]).toContain('template=ink-friendly');
    answer(json(503, { error: 'Many PDFs are being made right now.', code: 'pdf_busy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Many PDFs are being made right now.',
    );
    expect(screen.getByRole('button', { name: /Ink Friendly PDF/ })).toBeEnabled();
  });

  it('falls back to the print dialog when the server has no PDF renderer', async () => {
    serve(() => json(503, { error: 'PDF download is not available', code: 'pdf_unavailable' }));
    const { onPrintInstead, onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Ink Friendly PDF/ }));
    await waitFor(() => expect(onPrintInstead).toHaveBeenCalledWith('ink'));
    expect(onClose).toHaveBeenCalled();
  });
});
