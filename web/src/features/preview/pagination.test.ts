import { describe, expect, it } from 'vitest';
import { contentBox, paginate, type Atom } from './pagination.ts';

const entry = (top: number, bottom: number): Atom => ({ top, bottom });
const heading = (top: number, bottom: number): Atom => ({ top, bottom, heading: true });

describe('paginate: where print breaks the CV', () => {
  it('keeps a CV that fits on one page', () => {
    expect(paginate([entry(0, 100), entry(120, 300)], 320, 1000)).toEqual([{ start: 0, end: 320 }]);
  });

  it('moves an entry the page foot would cut to the next page whole', () => {
    const pages = paginate([entry(0, 400), entry(420, 900), entry(920, 1300)], 1300, 1000);
    expect(pages).toEqual([
      { start: 0, end: 920 },
      { start: 920, end: 1300 },
    ]);
  });

  it('takes a heading that would end a page to the next page, with what follows it', () => {
    const atoms = [entry(0, 900), heading(940, 980), entry(990, 1200)];
    expect(paginate(atoms, 1200, 1000)[0]).toEqual({ start: 0, end: 940 });
    expect(paginate(atoms, 1200, 1000)[1]!.start).toBe(940);
  });

  it('breaks between lines of text, never through one, and drops the gap at the break', () => {
    const lines = Array.from({ length: 40 }, (_, i) => entry(i * 30, i * 30 + 20));
    const pages = paginate(lines, 1200, 1000);
    // 990..1010 would straddle 1000: the page ends above that line, the next starts at it.
    expect(pages[0]).toEqual({ start: 0, end: 990 });
    expect(pages[1]).toEqual({ start: 990, end: 1200 });
  });

  it('cuts an entry taller than a page, as print must, and goes on after it', () => {
    const pages = paginate([entry(0, 2500)], 2500, 1000);
    expect(pages.map((p) => [p.start, p.end])).toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 2500],
    ]);
  });

  it('starts no page for the sheet bottom padding alone', () => {
    expect(paginate([entry(0, 990)], 1010, 1000)).toHaveLength(1);
  });

  it('measures the printable area of A4 and Letter inside 12 mm margins', () => {
    expect(contentBox('A4').width).toBeCloseTo((186 * 96) / 25.4, 3);
    expect(contentBox('Letter').height).toBeCloseTo((255.4 * 96) / 25.4, 3);
  });
});
