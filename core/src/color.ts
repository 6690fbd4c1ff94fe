/**
 * Colour arithmetic for the CV design controls (issue 17): WCAG 2 contrast (relative
 * luminance, ratio) and OKLCH, the space Tailwind's palette is defined in, so a chosen accent
 * can take the lightness steps of a template's colour family.
 */

import { HEX_COLOR } from './design.ts';

export interface Oklch {
  /** Lightness, 0–1. */
  l: number;
  /** Chroma, 0 (grey) up to about 0.37. */
  c: number;
  /** Hue angle in degrees. */
  h: number;
}

type Rgb = [number, number, number];

/** `#rrggbb` → sRGB channels 0–1. */
export function hexToRgb(hex: string): Rgb {
  if (!HEX_COLOR.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** sRGB channels 0–1 (clamped) → `#rrggbb` in lower case. */
export function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

/** WCAG 2's relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for body-size text. */
export const AA_TEXT = 4.5;

/** A ratio as people read it: "4.5:1" (rounded down, so 4.49 never reads as passing). */
export const formatRatio = (ratio: number): string => `${Math.floor(ratio * 10) / 10}:1`;

/** `#rrggbb` → OKLCH (Björn Ottosson's OKLab, in polar form). */
export function hexToOklch(hex: string): Oklch {
  const [r, g, b] = hexToRgb(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const c = Math.hypot(A, B);
  const h = c < 1e-4 ? 0 : ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360;
  return { l: L, c, h };
}

/** OKLCH → linear-free sRGB channels, possibly outside 0–1 (out of gamut). */
function oklchToRgb({ l: L, c, h }: Oklch): Rgb {
  const A = c * Math.cos((h * Math.PI) / 180);
  const B = c * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/**
 * OKLCH → `#rrggbb`, keeping lightness and hue: a colour sRGB cannot show loses chroma
 * until it can (CSS Color 4's gamut mapping, simplified).
 */
export function oklchToHex(color: Oklch): string {
  const l = Math.min(1, Math.max(0, color.l));
  let rgb = oklchToRgb({ ...color, l });
  if (!inGamut(rgb)) {
    let lo = 0;
    let hi = color.c;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(oklchToRgb({ l, c: mid, h: color.h }))) lo = mid;
      else hi = mid;
    }
    rgb = oklchToRgb({ l, c: lo, h: color.h });
  }
  return rgbToHex(rgb);
}

/**
 * The colour nearest to `color` that reads at `min`:1 or more on `background`: the same hue
 * and chroma, its lightness moved away from the background's (darker on light paper, lighter
 * on dark) only as far as needed. The colour itself when it already passes.
 */
export function nearestReadable(color: string, background: string, min = AA_TEXT): string {
  if (contrastRatio(color, background) >= min) return color.toLowerCase();
  const start = hexToOklch(color);
  // Towards black or white, whichever the background contrasts with more.
  const darker = contrastRatio('#000000', background) >= contrastRatio('#ffffff', background);
  const end = darker ? 0 : 1;
  const at = (t: number) => oklchToHex({ ...start, l: start.l + (end - start.l) * t });
  if (contrastRatio(at(1), background) < min) return darker ? '#000000' : '#ffffff';
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(at(mid), background) >= min) hi = mid;
    else lo = mid;
  }
  return at(hi);
}
