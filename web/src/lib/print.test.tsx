import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_DELAY_MS, printSoon, usePrintChoice } from './print.ts';

describe('printing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('printSoon opens the print dialog after the print delay, not before', () => {
    printSoon();
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1);
    expect(window.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.print).toHaveBeenCalledTimes(1);
  });

  it('usePrintChoice prints once after the delay and clears the choice after printing', () => {
    const { result } = renderHook(() => usePrintChoice<'ink' | 'template'>());
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]('ink'));
    expect(result.current[0]).toBe('ink');
    act(() => vi.advanceTimersByTime(PRINT_DELAY_MS - 1));
    expect(window.print).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(window.print).toHaveBeenCalledTimes(1);
    act(() => window.dispatchEvent(new Event('afterprint')));
    expect(result.current[0]).toBeNull();
    act(() => vi.advanceTimersByTime(PRINT_DELAY_MS * 10));
    expect(window.print).toHaveBeenCalledTimes(1);
  });

  it('usePrintChoice does not print when the choice clears before the delay', () => {
    const { result } = renderHook(() => usePrintChoice<'ink'>());
    act(() => result.current[1]('ink'));
    act(() => result.current[1](null));
    act(() => vi.advanceTimersByTime(PRINT_DELAY_MS * 10));
    expect(window.print).not.toHaveBeenCalled();
  });
});
