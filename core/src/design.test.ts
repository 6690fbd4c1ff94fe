import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatRatio,
  hexToOklch,
  nearestReadable,
  oklchToHex,
  relativeLuminance,
} from './color.ts';
import { DEFAULT_DESIGN, isDefaultDesign, readDesign } from './design.ts';
import {
  ACCENT_PALETTE,
  accentScale,
  checkAccent,
  designVariables,
  SHADES,
  TEMPLATE_PAPER,
} from './design-theme.ts';
import { designSchema } from './design-schema.ts';
import { buildCvData } from './cv.ts';

describe('contrast (WCAG 2)', () => {
  it('has the reference luminances and ratios', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Order does not matter; #777777 on white is the classic 4.48:1 near miss.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0f766e', '#ffffff')).toBeCloseTo(5.47, 1);
  });

  it('rounds a ratio down so a near miss never reads as passing', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
  });

  it('converts to OKLCH and back', () => {
    for (const hex of ['#0f766e', '#be123c', '#facc15', '#ffffff', '#000000', '#374151']) {
      expect(oklchToHex(hexToOklch(hex))).toBe(hex);
    }
    // Tailwind's teal-600, oklch(60% 0.118 184.704), is just outside sRGB: browsers show
    // #009689; mapped by chroma it is within a hair of that.
    const teal = oklchToHex({ l: 0.6, c: 0.118, h: 184.704 });
    expect(contrastRatio(teal, '#009689')).toBeLessThan(1.05);
    expect(hexToOklch('#009689').l).toBeCloseTo(0.6, 2);
  });

  it('keeps a readable colour and darkens (or lightens) one that is not, just enough', () => {
    expect(nearestReadable('#0F766E', '#ffffff')).toBe('#0f766e');
    const yellow = nearestReadable('#facc15', '#ffffff');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(yellow, '#ffffff')).toBeLessThan(4.8);
    expect(hexToOklch(yellow).h).toBeCloseTo(hexToOklch('#facc15').h, -1);
    // On dark paper a dark colour is lightened.
    const navy = nearestReadable('#1e3a8a', '#09090b');
    expect(contrastRatio(navy, '#09090b')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(navy)).toBeGreaterThan(relativeLuminance('#1e3a8a'));
  });
});

describe('design', () => {
  it('checks a chosen accent against the template paper', () => {
    const ok = checkAccent('#0f766e', 'template01');
    expect(ok).toMatchObject({ passes: true, used: '#0f766e' });
    const light = checkAccent('#facc15', 'template01');
    expect(light.passes).toBe(false);
    expect(light.ratio).toBeLessThan(2);
    expect(light.usedRatio).toBeGreaterThanOrEqual(4.5);
    // Template 04 is dark: teal is too dark there and is lightened.
    const dark = checkAccent('#0f766e', 'template04');
    expect(dark.passes).toBe(false);
    expect(contrastRatio(dark.used, TEMPLATE_PAPER.template04.background)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('every palette colour is usable on every template (as chosen or made readable)', () => {
    for (const { hex } of ACCENT_PALETTE) {
      for (const layout of Object.keys(TEMPLATE_PAPER)) {
        expect(checkAccent(hex, layout).usedRatio, `${hex} on ${layout}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });

  it('builds a family from the accent: the accent at its nearest shade, light to dark', () => {
    const scale = accentScale('#be123c', 'teal');
    expect(Object.values(scale)).toContain('#be123c');
    const lum = SHADES.map((s) => relativeLuminance(scale[s]));
    for (let i = 1; i < lum.length; i++) expect(lum[i]!).toBeLessThan(lum[i - 1]!);
    // A grey family only takes a tint: its shades stay near grey.
    const slate = accentScale('#be123c', 'slate');
    expect(hexToOklch(slate[700]).c).toBeLessThan(0.1);
  });

  it('gives no variables for the default design, and the families, sizes and font otherwise', () => {
    expect(designVariables(DEFAULT_DESIGN, 'template01')).toEqual({});
    expect(designVariables(null, 'template01')).toEqual({});
    const vars = designVariables(
      { accent: '#be123c', font: 'lora', size: 'large', density: 'compact' },
      'template03',
    );
    expect(vars['--color-violet-600']).toMatch(/^#[0-9a-f]{6}$/);
    expect(vars['--color-fuchsia-600']).toMatch(/^#[0-9a-f]{6}$/);
    expect(vars['--text-sm']).toBe('0.945rem');
    expect(vars['--font-sans']).toContain("'Lora'");
    expect(vars['--font-serif']).toContain("'Lora'");
    // Ink friendly stays black on white.
    const ink = designVariables({ ...DEFAULT_DESIGN, accent: '#be123c' }, 'ink-friendly');
    expect(ink).toEqual({});
  });

  it('reads stored values leniently and builds CvData with the design', () => {
    expect(readDesign(undefined)).toEqual(DEFAULT_DESIGN);
    expect(readDesign('not json')).toEqual(DEFAULT_DESIGN);
    expect(
      readDesign('{"accent":"#ABCDEF","font":"nope","size":"small","density":"roomy"}'),
    ).toEqual({ accent: '#abcdef', font: null, size: 'small', density: 'roomy' });
    expect(isDefaultDesign(readDesign({}))).toBe(true);
    expect(buildCvData({}).design).toEqual(DEFAULT_DESIGN);
    expect(buildCvData({ design: { accent: '#123456' } }).design.accent).toBe('#123456');
  });

  it('the body schema takes a whole design and refuses anything else', () => {
    const ok = designSchema.safeParse({
      accent: '#AbCdEf',
      font: 'eb-garamond',
      size: 'small',
      density: 'roomy',
    });
    expect(ok.success && ok.data.accent).toBe('#abcdef');
    for (const bad of [
      { accent: '#abc', font: null, size: 'medium', density: 'normal' },
      { accent: null, font: 'arial', size: 'medium', density: 'normal' },
      { accent: null, font: null, size: 'xl', density: 'normal' },
      { accent: null, font: null, size: 'medium', density: 'dense' },
      { accent: null, font: null, size: 'medium', density: 'normal', extra: 1 },
      { font: null, size: 'medium', density: 'normal' },
    ]) {
      expect(designSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
