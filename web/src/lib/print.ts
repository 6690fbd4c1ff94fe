import { useEffect, useState } from 'react';

/**
 * The print dialog opens this long after the click or choice, once the chosen layout has
 * rendered and the print styles apply (docs/product/templates-and-print.md#print).
 */
export const PRINT_DELAY_MS = 100;

/** Opens the browser's print dialog after {@link PRINT_DELAY_MS}. */
export function printSoon(): void {
  window.setTimeout(() => window.print(), PRINT_DELAY_MS);
}

/**
 * The layout chosen for print, and its setter. Once a choice is set (and so rendered), the
 * print dialog opens after {@link PRINT_DELAY_MS}; when printing ends (`afterprint`) the
 * choice clears, so the screen returns to its own layout.
 */
export function usePrintChoice<T extends string>(): [T | null, (choice: T | null) => void] {
  const [printing, setPrinting] = useState<T | null>(null);
  useEffect(() => {
    if (!printing) return;
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);
  return [printing, setPrinting];
}
