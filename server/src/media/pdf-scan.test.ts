import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDF_SCAN_LIMITS, pdfHasActiveContent, scanPdf } from './pdf-scan.ts';

const { INFLATE_BUDGET, MIN_STREAM_COST, BROKEN_STREAM_COST, MAX_STREAMS } = PDF_SCAN_LIMITS;

/** A PDF whose objects are these streams' bytes, as written between stream and endstream. */
function pdfOf(streams: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  streams.forEach((data, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n<< /Length ${data.length} >>\nstream\n`), data);
    parts.push(Buffer.from('\nendstream\nendobj\n'));
  });
  return Buffer.concat(parts);
}

const flate = (text: string) => zlib.deflateSync(Buffer.from(text, 'latin1'));
/** An object stream hiding a script action: only inflating finds it. */
const SCRIPT = flate('<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>');
const TINY = flate('q');
const NOT_FLATE = Buffer.from('xyz');
/** A valid zlib header, then bytes zlib refuses. */
const BROKEN = Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff]);
const times = (n: number, stream: Buffer) => Array.from({ length: n }, () => stream);

describe('pdf scan', () => {
  it('finds a script in plain bytes, in escaped names and in a Flate stream', () => {
    for (const text of [
      '/JavaScript ',
      '/J#61vaScript ',
      '/J#61v#61Script>',
      '#2FLaunch#20',
      '/Launch',
    ]) {
      expect(pdfHasActiveContent(Buffer.from(`%PDF-1.4\n${text}`)), text).toBe(true);
    }
    for (const text of ['/JavaScriptX', '/JavaScript#41', '/J#2361vaScript', '/Launc#6']) {
      expect(pdfHasActiveContent(Buffer.from(`%PDF-1.4\n${text}`)), text).toBe(false);
    }
    expect(scanPdf(pdfOf([TINY, NOT_FLATE, BROKEN, SCRIPT]))).toEqual({ active: true, streams: 4 });
    expect(pdfHasActiveContent(pdfOf([TINY, NOT_FLATE, BROKEN]))).toBe(false);
  });

  it('reads a flood of #xx escapes (5 MB) and still finds a name at its end', () => {
    const flood = Buffer.alloc(5 * 1024 * 1024, '#41');
    expect(pdfHasActiveContent(Buffer.concat([flood, Buffer.from('/J#61vaScript ')]))).toBe(true);
    expect(pdfHasActiveContent(flood)).toBe(false);
  });

  it(`opens at most ${MAX_STREAMS} streams: a script after them goes unread`, () => {
    expect(pdfHasActiveContent(pdfOf([...times(MAX_STREAMS - 1, TINY), SCRIPT]))).toBe(true);
    const past = scanPdf(pdfOf([...times(MAX_STREAMS, TINY), SCRIPT]));
    expect(past).toEqual({ active: false, streams: MAX_STREAMS });
  });

  it('counts streams that are not Flate too', () => {
    expect(pdfHasActiveContent(pdfOf([...times(MAX_STREAMS, NOT_FLATE), SCRIPT]))).toBe(false);
  });

  it('charges a broken Flate stream more of the budget', () => {
    const broken = INFLATE_BUDGET / BROKEN_STREAM_COST;
    expect(pdfHasActiveContent(pdfOf([...times(broken - 1, BROKEN), SCRIPT]))).toBe(true);
    const past = scanPdf(pdfOf([...times(broken, BROKEN), SCRIPT]));
    expect(past).toEqual({ active: false, streams: broken });
  });

  it('charges every stream a minimum: tiny ones use up what big ones leave', () => {
    // Each inflates past the 16 MB a stream may use, so costs 16 MB: three leave a quarter.
    const big = zlib.deflateSync(Buffer.alloc(17 * 1024 * 1024, 'A'));
    const tiny = INFLATE_BUDGET / 4 / MIN_STREAM_COST;
    const before = (n: number) => pdfOf([big, big, big, ...times(n, TINY), SCRIPT]);
    expect(pdfHasActiveContent(before(tiny - 1))).toBe(true);
    expect(pdfHasActiveContent(before(tiny))).toBe(false);
  });
});
