import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstImpression } from '@vitae/core/media';
import FirstImpressionScreen from './first-impression-screen.tsx';
import { Countdown } from './record-video.tsx';
import { elapsedMessage } from './use-video-upload.ts';
import {
  openDemoWindow,
  readVideoDuration,
  recorderOptions,
  revealDuration,
  startPlaying,
} from './video-media.ts';
import type * as VideoMedia from './video-media.ts';
import { renderWithProviders } from '../../test/kit.tsx';

vi.mock('./video-media.ts', async (original) => ({
  ...(await original<typeof VideoMedia>()),
  readVideoDuration: vi.fn(),
}));

const VIDEO: FirstImpression = {
  _id: 'v1',
  videoUrl: '/media/file/k1.mp4?exp=1&sig=x',
  posterUrl: '',
  publicId: 'b'.repeat(24),
  lastUpdate: '2024-05-06T10:00:00.000Z',
};

let calls: Array<{ url: string; method: string; body: unknown }>;

function serve(initial: FirstImpression | null) {
  let video = initial;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.endsWith('/demo')) {
        return Response.json({ videoUrl: '/media/demo/first-impression.mp4' });
      }
      if (url.endsWith('/api/first-impression/delete')) video = null;
      return Response.json({ data: video ? [video] : [] });
    }),
  );
}

function renderScreen() {
  return renderWithProviders(<FirstImpressionScreen />);
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(readVideoDuration).mockReset();
});

describe('First impression screen', () => {
  it('checks the status, then offers the two options with the info box and tips', async () => {
    serve(null);
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByText('Checking your first impression video status')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Create Your First Impression' }),
    ).toBeVisible();
    expect(screen.getByText('What is a First Impression?')).toBeVisible();
    expect(screen.getByText('Keep it brief: 30 seconds max')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Record New Video/ }));
    expect(screen.getByRole('button', { name: 'Start Camera' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Back to Options/ }));
    await user.click(screen.getByRole('button', { name: /Upload Video File/ }));
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Back to Options/ }));
    expect(screen.getByRole('heading', { name: 'Create Your First Impression' })).toBeVisible();
  });

  it('refuses a video longer than 31 seconds, an unreadable one and a non-video file', async () => {
    serve(null);
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /Upload Video File/ }));
    const input = screen.getByLabelText('Video file');

    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(screen.getByText('Please select a video file first.')).toBeVisible();

    vi.mocked(readVideoDuration).mockResolvedValueOnce(45.2);
    await user.upload(input, new File(['x'], 'long.mp4', { type: 'video/mp4' }));
    expect(
      await screen.findByText('Video is too long. Maximum duration is 0:31. Your video is 0:45.'),
    ).toBeVisible();

    vi.mocked(readVideoDuration).mockRejectedValueOnce(new Error('no metadata'));
    await user.upload(input, new File(['x'], 'odd.mov', { type: 'video/quicktime' }));
    expect(
      await screen.findByText('Could not verify video duration. Please try another file.'),
    ).toBeVisible();

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select a valid video file.')).toBeVisible();

    vi.mocked(readVideoDuration).mockResolvedValueOnce(12);
    await user.upload(input, new File(['x'], 'hello.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('hello.mp4')).toBeVisible();
    expect(screen.getByText('(0:12)')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('hello.mp4')).not.toBeInTheDocument();
  });

  it('shows the saved video and removes it after the confirm modal', async () => {
    serve(VIDEO);
    const user = userEvent.setup();
    renderScreen();
    const player = await screen.findByLabelText('Your first impression video');
    expect(player).toHaveAttribute('src', VIDEO.videoUrl);

    await user.click(screen.getByRole('button', { name: 'Remove Video/Record New' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove First Impression Video?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to remove your first impression video? This action cannot be undone.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText(/key part of your CV/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Video/Record New' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Video' }));
    expect(await screen.findByText('Video removed successfully!')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      id: 'v1',
      publicId: VIDEO.publicId,
    });
    expect(screen.getByText('No Video Available')).toBeVisible();
    // After the 3 s message the chooser is back.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Create Your First Impression' },
        { timeout: 4000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText('Video removed successfully!')).not.toBeInTheDocument();
  });

  it('plays the demo in an 800x600 window 1 s after arriving with the autoPlayDemo flag', async () => {
    serve(null);
    window.sessionStorage.setItem('autoPlayDemo', 'true');
    const popup = document.implementation.createHTMLDocument('demo');
    const open = vi.fn(() => ({ document: popup, close: vi.fn() }));
    vi.stubGlobal('open', open);
    renderScreen();
    // The chooser opens the record option and the flag is used up.
    expect(await screen.findByRole('button', { name: 'Start Camera' })).toBeVisible();
    expect(window.sessionStorage.getItem('autoPlayDemo')).toBeNull();
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('', 'vitae-demo', 'width=800,height=600'),
    );
    await waitFor(() =>
      expect(popup.querySelector('video')?.getAttribute('src')).toMatch(
        /\/media\/demo\/first-impression\.mp4$/,
      ),
    );
  });
});

describe('demo playback', () => {
  it('plays the demo, muted when the browser refuses autoplay with sound', async () => {
    const video = document.createElement('video');
    let muted: boolean[] = [];
    const play = vi.spyOn(video, 'play').mockImplementation(async () => {
      muted.push(video.muted);
      if (!video.muted) throw new DOMException('play() needs a gesture', 'NotAllowedError');
    });
    await startPlaying(video);
    expect(play).toHaveBeenCalledTimes(2);
    expect(muted).toEqual([false, true]);

    const allowed = document.createElement('video');
    muted = [];
    vi.spyOn(allowed, 'play').mockResolvedValue(undefined);
    await startPlaying(allowed);
    expect(allowed.muted).toBe(false);
  });

  it('Watch Demo starts the video in its window instead of leaving it at 0:00', async () => {
    serve(null);
    const popup = document.implementation.createHTMLDocument('demo');
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ document: popup, close: vi.fn() })),
    );
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await openDemoWindow();
    expect(popup.querySelector('video')).not.toBeNull();
    expect(play).toHaveBeenCalled();
  });
});

describe('recorded preview', () => {
  it('finds the duration a recorded WebM lacks, then goes back to the start', () => {
    const video = document.createElement('video');
    let duration = Infinity;
    Object.defineProperty(video, 'duration', { get: () => duration });
    Object.defineProperty(video, 'currentTime', { value: 0, writable: true });
    revealDuration(video);
    expect(video.currentTime).toBe(Number.MAX_SAFE_INTEGER);
    video.dispatchEvent(new Event('durationchange'));
    expect(video.currentTime).toBe(Number.MAX_SAFE_INTEGER);
    duration = 4.2;
    video.dispatchEvent(new Event('durationchange'));
    expect(video.currentTime).toBe(0);
  });

  it('leaves a video with a known duration alone', () => {
    const video = document.createElement('video');
    Object.defineProperty(video, 'duration', { get: () => 3 });
    Object.defineProperty(video, 'currentTime', { value: 1, writable: true });
    revealDuration(video);
    expect(video.currentTime).toBe(1);
  });
});

describe('recording helpers', () => {
  it('counts down as time left, then as an auto-stop warning at 5 s or fewer', () => {
    const { rerender } = render(<Countdown remaining={25} />);
    expect(screen.getByText('Recording time left: 0:25')).not.toHaveAttribute('data-warning');
    rerender(<Countdown remaining={6} />);
    expect(screen.getByText('Recording time left: 0:06')).toBeVisible();
    rerender(<Countdown remaining={5} />);
    expect(screen.getByText('Auto-stop in: 5s')).toHaveAttribute('data-warning', 'true');
  });

  it('names the upload progress by elapsed time at 5, 15, 30 and 45 s', () => {
    expect(elapsedMessage(0)).toBe('Preparing video...');
    expect(elapsedMessage(5)).toBe('Converting video...');
    expect(elapsedMessage(15)).toBe('Uploading video...');
    expect(elapsedMessage(30)).toBe('Processing video...');
    expect(elapsedMessage(45)).toBe('Finalizing...');
  });

  it('records vp9 webm at 250 kbps, or the first type the browser supports', () => {
    vi.stubGlobal('MediaRecorder', { isTypeSupported: (t: string) => t.includes('vp9') });
    expect(recorderOptions()).toEqual({
      mimeType: 'video/webm;codecs=vp9,opus',
      videoBitsPerSecond: 250_000,
    });
    vi.stubGlobal('MediaRecorder', { isTypeSupported: (t: string) => t === 'video/mp4' });
    expect(recorderOptions().mimeType).toBe('video/mp4');
  });
});
