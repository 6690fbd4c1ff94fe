import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCvData } from '@vitae/core/cv';
import {
  SHARE_MESSAGES,
  UNLOCK_GRANT_MS,
  VIEW_PIN_CHECK_DELAY_MS,
  VIEW_PIN_LENGTH,
} from '@vitae/core/share';
import { getCvToSave } from '../../lib/hr-intent.ts';
import SharedCvPage from './shared-cv-page.tsx';
import {
  UNLOCK_GRANT_MS as LOCAL_GRANT_MS,
  VIEW_PIN_CHECK_DELAY_MS as LOCAL_DELAY,
  VIEW_PIN_LENGTH as LOCAL_LEN,
  VIEWER_TEXTS,
} from './texts.ts';

const CV_ID = 'c'.repeat(24);
const DATA = buildCvData({
  personalInfo: { fullName: 'Zanele Mthembu' },
  firstImpression: { _id: 'v1', videoUrl: '/media/file/v.mp4' },
  certificate: [
    { _id: 'c1', title: 'First Aid', pdfUrl: '/media/file/a.pdf' },
    { _id: 'c2', title: 'Forklift', photoUrl: '/media/file/b.jpg' },
  ],
});

const SHARE_ID = 'a1'.repeat(12);

const VIEW_ID = 'f0'.repeat(12);

let calls: string[];
let unlockBodies: unknown[];
let progressBodies: unknown[];
type Reason = 'revoked' | 'expired';
function serve(
  opts: {
    exists?: boolean;
    remembered?: boolean;
    pin?: string;
    lockedOut?: boolean;
    /** Which call answers 410 with this reason. */
    closed?: { at: 'summary' | 'view' | 'unlock'; reason: Reason };
    expiresAt?: string | null;
  } = {},
) {
  calls = [];
  unlockBodies = [];
  progressBodies = [];
  const gone = (at: 'summary' | 'view' | 'unlock') =>
    opts.closed?.at === at
      ? new Response(
          JSON.stringify({ error: SHARE_MESSAGES[opts.closed.reason], reason: opts.closed.reason }),
          { status: 410, headers: { 'content-type': 'application/json' } },
        )
      : null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url === '/api/share-cv/unlock') unlockBodies.push(JSON.parse(String(init.body)));
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const unlocked = {
        cv: { _id: CV_ID, template: 'template02' },
        data: DATA,
        ...(opts.expiresAt !== undefined ? { expiresAt: opts.expiresAt } : {}),
      };
      if (url.startsWith('/api/share-cv/by-cv-id/')) {
        const closed = gone('summary');
        if (closed) return closed;
        return opts.exists === false
          ? json({ error: 'The shared CV could not be found or may have been removed.' }, 404)
          : json({ exists: true, curriculumVitaeID: CV_ID, fullName: 'Zanele Mthembu' });
      }
      if (url === '/api/curriculum-vitae/view') {
        const closed = gone('view');
        if (closed) return closed;
        return opts.remembered
          ? json(unlocked)
          : json({ error: 'Please enter the view pin first.' }, 403);
      }
      if (url === '/api/share-cv/unlock') {
        if (opts.lockedOut) return json({ error: SHARE_MESSAGES.lockedOut }, 429);
        const closed = gone('unlock');
        if (closed) return closed;
        const { pin } = JSON.parse(String(init.body)) as { pin: string };
        return pin === opts.pin ? json(unlocked) : json({ error: VIEWER_TEXTS.pinInvalid }, 400);
      }
      if (url === '/api/share-cv/track-view') return json({ success: true, viewId: VIEW_ID });
      if (url === '/api/share-cv/video-progress') {
        progressBodies.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      }
      return json({ error: 'unexpected' }, 404);
    }),
  );
}

function renderPage(path = `/view-shared-cv/${CV_ID}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/view-shared-cv/:id" element={<SharedCvPage />} />
        <Route path="/hr-introduction" element={<p>HR intro page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('Shared CV viewer', () => {
  it('keeps its texts in step with core', () => {
    expect(VIEWER_TEXTS.cvNotFound).toBe(SHARE_MESSAGES.cvNotFound);
    expect(VIEWER_TEXTS.cvNotFoundTitle).toBe(SHARE_MESSAGES.cvNotFoundTitle);
    expect(VIEWER_TEXTS.pinRequired).toBe(SHARE_MESSAGES.pinRequired);
    expect(VIEWER_TEXTS.notLoaded).toBe(SHARE_MESSAGES.notLoaded);
    expect(VIEWER_TEXTS.pinInvalid).toBe(SHARE_MESSAGES.pinInvalid);
    expect(VIEWER_TEXTS.revoked).toBe(SHARE_MESSAGES.revoked);
    expect(VIEWER_TEXTS.expired).toBe(SHARE_MESSAGES.expired);
    expect(LOCAL_DELAY).toBe(VIEW_PIN_CHECK_DELAY_MS);
    expect(LOCAL_LEN).toBe(VIEW_PIN_LENGTH);
    expect(LOCAL_GRANT_MS).toBe(UNLOCK_GRANT_MS);
  });

  it('shows CV Not Found for a missing share', async () => {
    serve({ exists: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'CV Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('The shared CV could not be found or may have been removed.'),
    ).toBeInTheDocument();
  });

  it('asks for the pin, rejects a wrong one, then shows the CV in the sender template', async () => {
    serve({ pin: '123456' });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Enter View Pin' })).toBeInTheDocument();
    expect(
      screen.getByText('Please enter the 6-digit view pin that was provided in the email'),
    ).toBeInTheDocument();
    const input = screen.getByLabelText('View pin');
    expect(input).toHaveAttribute('maxLength', '6');
    expect(input).toHaveAttribute('inputMode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'View CV' }));
    expect(screen.getByText('Please enter a view pin')).toBeInTheDocument();

    await user.type(input, '9999999');
    expect(input).toHaveValue('999999');
    await user.click(screen.getByRole('button', { name: 'View CV' }));
    expect(screen.getByRole('button', { name: 'Validating...' })).toBeDisabled();
    expect(
      await screen.findByText('Invalid view pin. Please check and try again.'),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
      'data-cv-layout',
      'template02',
    );
    expect(calls).toContain('/api/share-cv/track-view');

    // Certificates: a floating button with the count, and the modal.
    await user.click(screen.getByRole('button', { name: /Certificates\s*2/ }));
    expect(
      screen.getByRole('dialog', { name: 'Certificates of Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(screen.getByText('PDF Document')).toBeInTheDocument();
    expect(screen.getByText('Image')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'View' })[0]!);
    expect(screen.getByTitle('First Aid').tagName).toBe('IFRAME');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // First impression.
    await user.click(screen.getByRole('button', { name: 'First Impression' }));
    expect(
      await screen.findByRole('dialog', { name: 'First Impression Video of Zanele Mthembu' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // Save CV stores the CV to save and goes to the HR introduction.
    await user.click(screen.getByRole('button', { name: 'Save CV' }));
    expect(await screen.findByText('HR intro page')).toBeInTheDocument();
    expect(getCvToSave()).toEqual({ cvId: CV_ID, fullName: 'Zanele Mthembu' });
  });

  it("sends the link's share id when checking the link and the pin", async () => {
    serve({ pin: '123456' });
    const user = userEvent.setup();
    renderPage(`/view-shared-cv/${CV_ID}?share=${SHARE_ID}`);
    await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(calls).toContain(`/api/share-cv/by-cv-id/${CV_ID}?share=${SHARE_ID}`);
    expect(unlockBodies).toEqual([{ cvId: CV_ID, shareId: SHARE_ID, pin: '123456' }]);
  });

  it('an older link without a share id unlocks by CV id alone', async () => {
    serve({ pin: '123456' });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(calls).toContain(`/api/share-cv/by-cv-id/${CV_ID}`);
    expect(unlockBodies).toEqual([{ cvId: CV_ID, pin: '123456' }]);
  });

  it('tells a locked-out recipient what to do', async () => {
    serve({ lockedOut: true });
    const user = userEvent.setup();
    renderPage(`/view-shared-cv/${CV_ID}?share=${SHARE_ID}`);
    await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    expect(
      await screen.findByText(
        'Too many incorrect pins for this link. Please try again in 15 minutes, or ask the sender to share the CV again.',
      ),
    ).toBeInTheDocument();
  });

  it('on a fresh visit asks for the pin without asking for the CV, and logs no error', async () => {
    serve({ pin: '123456' });
    const errors = vi.spyOn(console, 'error');
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Enter View Pin' })).toBeInTheDocument();
    expect(calls).not.toContain('/api/curriculum-vitae/view');
    expect(screen.getByRole('main')).toContainElement(screen.getByLabelText('View pin'));
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('link', { name: 'Vitae' }),
    );
    await user.type(screen.getByLabelText('View pin'), '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('banner')[0]).toHaveTextContent('Vitae');
    expect(errors).not.toHaveBeenCalled();
  });

  it('forgets an unlock the server no longer knows, and asks for the pin', async () => {
    window.localStorage.setItem(`vitae-unlocked-${CV_ID}`, String(Date.now() + 60_000));
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Enter View Pin' })).toBeInTheDocument();
    expect(calls).toContain('/api/curriculum-vitae/view');
    expect(window.localStorage.getItem(`vitae-unlocked-${CV_ID}`)).toBeNull();
  });

  it('shows a CV this browser already unlocked without asking for the pin', async () => {
    // This browser unlocked the CV earlier (the page noted it beside the HttpOnly cookie).
    window.localStorage.setItem(`vitae-unlocked-${CV_ID}`, String(Date.now() + 60_000));
    serve({ remembered: true });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter View Pin' })).toBeNull();
  });

  it('notes the template an unlocked CV came in, keeping an older note readable', async () => {
    serve({ pin: '123456' });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' });
    const note = JSON.parse(window.localStorage.getItem(`vitae-unlocked-${CV_ID}`)!) as {
      until: number;
      template: string;
    };
    expect(note.template).toBe('template02');
    expect(note.until).toBeGreaterThan(Date.now());
  });

  it('asks for a remembered CV as its module loads, before the page renders, and once', async () => {
    window.localStorage.setItem(`vitae-unlocked-${CV_ID}`, String(Date.now() + 60_000));
    serve({ remembered: true });
    const before = window.location.href;
    window.history.replaceState(null, '', `/view-shared-cv/${CV_ID}?share=${SHARE_ID}`);
    try {
      vi.resetModules();
      const { default: FreshPage } = await import('./shared-cv-page.tsx');
      await vi.waitFor(() => expect(calls).toContain('/api/curriculum-vitae/view'));
      render(
        <MemoryRouter initialEntries={[`/view-shared-cv/${CV_ID}?share=${SHARE_ID}`]}>
          <Routes>
            <Route path="/view-shared-cv/:id" element={<FreshPage />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' }),
      ).toBeInTheDocument();
      expect(calls.filter((url) => url === '/api/curriculum-vitae/view')).toHaveLength(1);
      // The template it came in is noted for the next visit; the grant's end is kept.
      expect(JSON.parse(window.localStorage.getItem(`vitae-unlocked-${CV_ID}`)!)).toMatchObject({
        template: 'template02',
      });
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it.each([
    ['revoked', 'summary'],
    ['expired', 'summary'],
    ['revoked', 'view'],
    ['expired', 'unlock'],
  ] as const)('shows only a plain page for a %s share (heard from %s)', async (reason, at) => {
    if (at === 'view') {
      window.localStorage.setItem(`vitae-unlocked-${CV_ID}`, String(Date.now() + 60_000));
    }
    serve({ closed: { at, reason }, pin: '123456' });
    const user = userEvent.setup();
    renderPage(`/view-shared-cv/${CV_ID}?share=${SHARE_ID}`);
    if (at === 'unlock') await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: SHARE_MESSAGES[reason] }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('View pin')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(window.localStorage.getItem(`vitae-unlocked-${CV_ID}`)).toBeNull();
  });

  it('shows when the share stops working, and nothing for a share that never expires', async () => {
    const savedTz = process.env.TZ;
    process.env.TZ = 'Africa/Johannesburg';
    try {
      serve({ pin: '123456', expiresAt: '2026-12-23T23:30:00.000Z' });
      const user = userEvent.setup();
      const { unmount } = renderPage();
      await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
      // 23:30 UTC is already the 24th in Johannesburg.
      expect(await screen.findByText('This link works until 24 Dec 2026')).toBeInTheDocument();
      unmount();
      window.localStorage.clear();

      serve({ pin: '123456', expiresAt: null });
      renderPage();
      await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
      await screen.findByRole('heading', { level: 1, name: 'Zanele Mthembu' });
      expect(screen.queryByText(/This link works until/)).toBeNull();
    } finally {
      process.env.TZ = savedTz;
      if (savedTz === undefined) delete process.env.TZ;
    }
  });

  it('reports the highest video percent reached, at most every 5 s and on pause', async () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    serve({ pin: '123456' });
    const user = userEvent.setup();
    renderPage(`/view-shared-cv/${CV_ID}?share=${SHARE_ID}`);
    await user.type(await screen.findByLabelText('View pin'), '123456{Enter}');
    // The view is tracked (its id kept) before the video plays: progress reports name it.
    await vi.waitFor(() =>
      expect(window.sessionStorage.getItem(`vitae-viewed-${CV_ID}`)).toBe(VIEW_ID),
    );
    await user.click(await screen.findByRole('button', { name: 'First Impression' }));
    const video = (
      await screen.findByRole('dialog', { name: 'First Impression Video of Zanele Mthembu' })
    ).querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 200 });
    const at = (seconds: number) =>
      Object.defineProperty(video, 'currentTime', { configurable: true, value: seconds });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

    at(20);
    fireEvent.timeUpdate(video); // 10 %: the first report goes at once
    at(40);
    clock += 1_000;
    fireEvent.timeUpdate(video); // 20 %, 1 s later: held back
    await settled();
    expect(progressBodies).toEqual([{ viewId: VIEW_ID, percent: 10 }]);

    at(50);
    fireEvent.pause(video); // 25 %: a pause reports at once
    clock += 1_000;
    at(10);
    fireEvent.timeUpdate(video); // seeked back: never a lower value
    clock += 5_000;
    fireEvent.timeUpdate(video);
    at(121);
    clock += 5_000;
    fireEvent.timeUpdate(video); // 60.5 % rounds to 61, 5 s after the last report
    at(200);
    fireEvent.ended(video);
    fireEvent.pause(video); // nothing new after the end
    await settled();
    expect(progressBodies).toEqual([
      { viewId: VIEW_ID, percent: 10 },
      { viewId: VIEW_ID, percent: 25 },
      { viewId: VIEW_ID, percent: 61 },
      { viewId: VIEW_ID, percent: 100 },
    ]);
  });
});
