import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from './auth-store.ts';
import { io } from 'socket.io-client';
import { connectSocket, createLiveRefresher, disconnectSocket, liveQueryKeys } from './socket.ts';

describe('live refresh timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes 500 ms after an event', () => {
    const r = createLiveRefresher();
    const refresh = vi.fn();
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(499);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('folds events within 2 s of the prior refresh into one refresh at the end of the window', () => {
    const r = createLiveRefresher();
    const refresh = vi.fn();
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(500);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Three more events soon after the refresh: no refresh before 2 s have passed...
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(300);
    r.onEvent('skill', refresh);
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(1_600);
    expect(refresh).toHaveBeenCalledTimes(1);
    // ...then exactly one, so the last change is not lost.
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps data types apart', () => {
    const r = createLiveRefresher();
    const skill = vi.fn();
    const language = vi.fn();
    r.onEvent('skill', skill);
    r.onEvent('language', language);
    vi.advanceTimersByTime(500);
    expect([skill.mock.calls.length, language.mock.calls.length]).toEqual([1, 1]);
  });

  it('skips live refreshes for 5 s after the page saved the data itself', () => {
    const r = createLiveRefresher();
    const refresh = vi.fn();
    r.skip('skill');
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(4_999);
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(1_000);
    expect(refresh).not.toHaveBeenCalled();
    r.onEvent('skill', refresh);
    vi.advanceTimersByTime(500);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('maps a dataType to the section query keys', () => {
    expect(liveQueryKeys('data-updated', { dataType: 'skill', timestamp: '' })).toEqual({
      id: 'skill',
      keys: [
        ['section', 'skill'],
        ['section-status', 'skill'],
      ],
    });
    expect(liveQueryKeys('public-cv-toggled', { isListed: true, timestamp: '' })?.keys).toEqual([
      ['public-cv'],
    ]);
    expect(liveQueryKeys('notification', {})).toBeNull();
  });
});

describe('a socket the server closes', () => {
  afterEach(() => {
    disconnectSocket();
    vi.restoreAllMocks();
  });

  it('re-checks the session, so an ended session signs the tab out', () => {
    const fetchUser = vi.spyOn(auth, 'fetchUser').mockResolvedValue(null);
    const s = connectSocket('user-1', io);
    // What socket.io-client does when the server calls socket.disconnect().
    (s as unknown as { onclose(reason: string): void }).onclose('io server disconnect');
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('does not when the connection merely dropped', () => {
    const fetchUser = vi.spyOn(auth, 'fetchUser').mockResolvedValue(null);
    const s = connectSocket('user-1', io);
    (s as unknown as { onclose(reason: string): void }).onclose('transport close');
    expect(fetchUser).not.toHaveBeenCalled();
  });
});
