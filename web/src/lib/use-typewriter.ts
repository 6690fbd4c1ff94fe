import { useEffect, useState } from 'react';

export interface TypewriterTiming {
  /** Per-character typing delay range in ms. */
  typeMs?: [number, number];
  /** Pause with the whole text shown, in ms. */
  holdMs?: number;
  /** Per-character deleting delay range in ms. */
  deleteMs?: [number, number];
}

const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * Types each text, holds it, deletes it, then moves to the next (spec: typing 50-100 ms,
 * hold 3 s, deleting 30-60 ms). With reduced motion the whole text shows and changes after the hold.
 */
export function useTypewriter(texts: readonly string[], timing: TypewriterTiming = {}): string {
  const { typeMs = [50, 100], holdMs = 3000, deleteMs = [30, 60] } = timing;
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? (texts[0] ?? '') : ''));
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    const text = texts[index % texts.length] ?? '';
    const next = () => {
      setDeleting(false);
      setIndex((i) => (i + 1) % texts.length);
    };
    if (prefersReducedMotion()) {
      setShown(text);
      const t = setTimeout(next, holdMs * 2);
      return () => clearTimeout(t);
    }
    let delay: number;
    let step: () => void;
    if (!deleting && shown.length < text.length) {
      delay = between(typeMs);
      step = () => setShown(text.slice(0, shown.length + 1));
    } else if (!deleting) {
      delay = holdMs;
      step = () => setDeleting(true);
    } else if (shown.length > 0) {
      delay = between(deleteMs);
      step = () => setShown(shown.slice(0, -1));
    } else {
      delay = 0;
      step = next;
    }
    const t = setTimeout(step, delay);
    return () => clearTimeout(t);
  }, [texts, index, shown, deleting, typeMs, holdMs, deleteMs]);

  return shown;
}
