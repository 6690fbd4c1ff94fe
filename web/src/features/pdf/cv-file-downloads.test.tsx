import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CvFileDownloads } from './cv-file-downloads.tsx';

let urls: string[];

/** The server's answer to the download; a promise keeps the request open. */
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

const file = (name: string) =>
  new Response(new Blob(['x']), {
    status: 200,
    headers: {
      'content-disposition': `attachment; filename="Lerato-Dube-CV.${name}"; filename*=UTF-8''Lerato-Dub%C3%A9-CV.${name}`,
    },
  });

let clicked: string[];
beforeEach(() => {
  // jsdom has no object URLs; the browser's are only handed to the link.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CvFileDownloads', () => {
  it('downloads the Word file and the text file under the names the server gives', async () => {
    serve(() => file(urls.at(-1)!.endsWith('txt') ? 'txt' : 'docx'));
    const onError = vi.fn();
    render(<CvFileDownloads hasPhoto={false} onError={onError} />);
    // No photo on the CV: nothing to offer.
    expect(screen.queryByRole('checkbox')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Download Word (.docx)' }));
    await waitFor(() => expect(clicked).toEqual(['Lerato-Dubé-CV.docx']));
    await userEvent.click(screen.getByRole('button', { name: 'Download Plain text (.txt)' }));
    await waitFor(() => expect(clicked).toEqual(['Lerato-Dubé-CV.docx', 'Lerato-Dubé-CV.txt']));
    expect(urls).toEqual(['/api/curriculum-vitae/docx', '/api/curriculum-vitae/txt']);
    expect(onError).not.toHaveBeenCalledWith(expect.any(String));
  });

  it('puts the photo in the Word file only when asked to', async () => {
    serve(() => file('docx'));
    render(<CvFileDownloads hasPhoto onError={vi.fn()} />);
    const photo = screen.getByRole('checkbox', { name: 'Photo in Word file' });
    expect(photo).not.toBeChecked();
    await userEvent.click(photo);
    await userEvent.click(screen.getByRole('button', { name: /Word \(\.docx\)/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(urls).toEqual(['/api/curriculum-vitae/docx?photo=1']);
  });

  it('is busy while the file is made, then passes on the server’s message', async () => {
    let answer!: (r: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onError = vi.fn();
    render(<CvFileDownloads hasPhoto={false} onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: /Word \(\.docx\)/ }));
    expect(screen.getByRole('button', { name: /Making your Word file/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Plain text/ })).toBeDisabled();
    answer(
      new Response(
        JSON.stringify({ error: 'Too many downloads. Please wait a minute and try again.' }),
        { status: 429, headers: { 'content-type': 'application/json' } },
      ),
    );
    await waitFor(() =>
      expect(onError).toHaveBeenLastCalledWith(
        'Too many downloads. Please wait a minute and try again.',
      ),
    );
    expect(screen.getByRole('button', { name: /Word \(\.docx\)/ })).toBeEnabled();
    expect(clicked).toEqual([]);
  });
});
