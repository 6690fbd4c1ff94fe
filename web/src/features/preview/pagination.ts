import type { PageSize } from '@vitae/core/cv';

/** Paper in millimetres. */
export const PAPER_MM: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
};
/** print.css: `@page { margin: 12mm }`. */
export const PRINT_MARGIN_MM = 12;
/** print.css sets the root font size to this in print: every rem-based size shrinks with it. */
export const PRINT_ROOT_PX = 14.25;
export const PX_PER_MM = 96 / 25.4;

/** The printable area of one page, in CSS pixels. */
export function contentBox(size: PageSize): { width: number; height: number } {
  const { width, height } = PAPER_MM[size];
  return {
    width: (width - 2 * PRINT_MARGIN_MM) * PX_PER_MM,
    height: (height - 2 * PRINT_MARGIN_MM) * PX_PER_MM,
  };
}

/** Something a page break may not cut: an entry, a heading, a line of text, an image. */
export interface Atom {
  top: number;
  bottom: number;
  /** A heading stays with what follows it (break-after: avoid). */
  heading?: boolean;
}

/** One page's slice of the continuous CV: [start, end) in the CV's own pixels. */
export interface PageSlice {
  start: number;
  end: number;
}

const EPS = 0.5;

/**
 * Where print puts the page breaks, from the atoms' boxes: a page ends where the next atom
 * would be cut, moved up to that atom's top (break-inside: avoid); a heading that would end a
 * page goes to the next one with what follows it (break-after: avoid). An atom taller than a
 * page is cut, as print must. The next page starts at the first atom after the break, since
 * print drops the margin at a break.
 */
export function paginate(atoms: readonly Atom[], total: number, pageHeight: number): PageSlice[] {
  const sorted = [...atoms].sort((a, b) => a.top - b.top);
  const pages: PageSlice[] = [];
  let start = 0;
  // A CV runs to a handful of pages; the cap only guards against a zero-height page loop.
  while (start < total - EPS && pages.length < 50) {
    const limit = start + pageHeight;
    if (total <= limit + EPS) {
      pages.push({ start, end: total });
      break;
    }
    let end = limit;
    for (let pass = 0; pass < 20; pass++) {
      const before = end;
      for (const a of sorted) {
        if (a.top > start + EPS && a.top < end - EPS && a.bottom > end + EPS) end = a.top;
      }
      const lastHeading = sorted
        .filter((a) => a.heading && a.top > start + EPS && a.bottom <= end + EPS)
        .at(-1);
      if (lastHeading) {
        const follows = sorted.some(
          (a) => !a.heading && a.top >= lastHeading.bottom - EPS && a.top < end - EPS,
        );
        if (!follows) end = lastHeading.top;
      }
      if (end === before) break;
    }
    if (end <= start + EPS) end = limit;
    pages.push({ start, end });
    const cut = sorted.some((a) => a.top < end - EPS && a.bottom > end + EPS);
    const next = cut ? undefined : sorted.find((a) => a.top >= end - EPS);
    // Nothing but the sheet's own bottom padding left: print starts no page for it either.
    if (!cut && !next) break;
    start = next ? Math.min(Math.max(next.top, end), total) : end;
  }
  return pages.length > 0 ? pages : [{ start: 0, end: Math.max(total, 0) }];
}

/**
 * The atoms of a rendered sheet, relative to its top:
 * `.cv-entry` and `.cv-heading` blocks whole, and elsewhere every line of text and every image.
 */
export function atomsOf(sheet: HTMLElement): Atom[] {
  const origin = sheet.getBoundingClientRect().top;
  const atoms: Atom[] = [];
  const push = (r: DOMRect | DOMRectReadOnly, heading = false) => {
    if (r.height > 0) atoms.push({ top: r.top - origin, bottom: r.bottom - origin, heading });
  };
  for (const el of sheet.querySelectorAll<HTMLElement>('.cv-entry, .cv-heading')) {
    push(el.getBoundingClientRect(), el.classList.contains('cv-heading'));
  }
  const whole = (node: Node) => node.parentElement?.closest('.cv-entry, .cv-heading');
  // The sheet may live in a frame: its own document walks and measures it.
  const doc = sheet.ownerDocument;
  const walker = doc.createTreeWalker(sheet, 4 /* NodeFilter.SHOW_TEXT */);
  const range = doc.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || whole(node)) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) push(r);
  }
  for (const el of sheet.querySelectorAll<HTMLElement>('img, svg, video, canvas')) {
    if (!el.closest('.cv-entry, .cv-heading') && !el.parentElement?.closest('svg')) {
      push(el.getBoundingClientRect());
    }
  }
  return atoms;
}
