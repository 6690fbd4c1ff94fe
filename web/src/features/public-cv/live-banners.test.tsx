import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { PublicCvListBanner, PublicCvViewedBanner } from './live-banners.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live banners', () => {
  it('shows a public CV view for 5 seconds and reports the event', () => {
    const onEvent = vi.fn();
    render(<PublicCvViewedBanner onEvent={onEvent} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const e = { hrUserName: 'Hanna Hr', viewedAt: new Date().toISOString(), viewCount: 3 };
    act(() => dispatchSocketEvent('public-cv-viewed', e));
    expect(screen.getByRole('status')).toHaveTextContent('Hanna Hr just viewed your CV!');
    expect(onEvent).toHaveBeenCalledWith(e);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a listing change on HR browse for 3 seconds, with the product’s wording', () => {
    render(<PublicCvListBanner />);
    const timestamp = new Date().toISOString();
    act(() =>
      dispatchSocketEvent('public-cv-list-updated', {
        action: 'added',
        fullName: 'Ada',
        timestamp,
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Ada just listed their CV!');
    act(() => vi.advanceTimersByTime(2_000));
    act(() =>
      dispatchSocketEvent('public-cv-list-updated', {
        action: 'removed',
        fullName: 'Bob',
        timestamp,
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent("Bob's CV was unlisted");
    // The newer message gets its own full 3 seconds.
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
