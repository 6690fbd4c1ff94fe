/**
 * A CV's design (issue 17): an accent colour, a font, a text size and a spacing density, each
 * "the template's own" by default. Every template takes them through CSS variables on its
 * sheet (web/src/features/templates/blocks/cv-sheet.tsx); docs/decisions/0011-cv-design.md.
 * What the templates draw with (families, contrast) is core/src/design-theme.ts, kept apart so
 * CvData's readers do not carry it.
 */

/** A `#rrggbb` colour (either case). */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The fonts a CV can be set in: self-hosted (latin, regular and bold), loaded only when chosen. */
export const CV_FONTS = [
  { id: 'inter', name: 'Inter', stack: "'Inter', ui-sans-serif, system-ui, sans-serif" },
  {
    id: 'ibm-plex-sans',
    name: 'IBM Plex Sans',
    stack: "'IBM Plex Sans', ui-sans-serif, system-ui, sans-serif",
  },
  { id: 'lora', name: 'Lora', stack: "'Lora', ui-serif, Georgia, serif" },
  { id: 'merriweather', name: 'Merriweather', stack: "'Merriweather', ui-serif, Georgia, serif" },
  { id: 'roboto-slab', name: 'Roboto Slab', stack: "'Roboto Slab', ui-serif, Georgia, serif" },
  { id: 'eb-garamond', name: 'EB Garamond', stack: "'EB Garamond', ui-serif, Georgia, serif" },
] as const;
export type CvFontId = (typeof CV_FONTS)[number]['id'];
export const CV_FONT_IDS = CV_FONTS.map((f) => f.id) as [CvFontId, ...CvFontId[]];

export const TEXT_SIZES = ['small', 'medium', 'large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
/** Each text size as a factor of the template's type sizes. */
export const TEXT_SIZE_SCALE: Record<TextSize, number> = { small: 0.92, medium: 1, large: 1.08 };

export const DENSITIES = ['compact', 'normal', 'roomy'] as const;
export type Density = (typeof DENSITIES)[number];

export interface CvDesign {
  /** `#rrggbb` (lower case), or null for the template's own colours. */
  accent: string | null;
  /** One of CV_FONTS, or null for the template's own. */
  font: CvFontId | null;
  size: TextSize;
  density: Density;
}

export const DEFAULT_DESIGN: CvDesign = Object.freeze({
  accent: null,
  font: null,
  size: 'medium',
  density: 'normal',
}) as CvDesign;

export const DESIGN_MESSAGES = {
  accent: 'Please choose a colour as #rrggbb, for example #0f766e.',
  font: 'Please choose one of the fonts offered.',
  size: 'Please choose small, medium or large text.',
  density: 'Please choose compact, normal or roomy spacing.',
} as const;

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.find((v) => v === value);

/**
 * A stored design (JSON text or an object) as a CvDesign: anything unknown or malformed
 * reads as the template's own, part by part, so an old or damaged value never breaks a CV.
 */
export function readDesign(value: unknown): CvDesign {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      raw = null;
    }
  }
  if (!raw || typeof raw !== 'object') return DEFAULT_DESIGN;
  const r = raw as Record<string, unknown>;
  return {
    accent:
      typeof r.accent === 'string' && HEX_COLOR.test(r.accent) ? r.accent.toLowerCase() : null,
    font: oneOf(CV_FONT_IDS, r.font) ?? null,
    size: oneOf(TEXT_SIZES, r.size) ?? 'medium',
    density: oneOf(DENSITIES, r.density) ?? 'normal',
  };
}

export const isDefaultDesign = (d: CvDesign | null | undefined): boolean =>
  !d || (d.accent === null && d.font === null && d.size === 'medium' && d.density === 'normal');
