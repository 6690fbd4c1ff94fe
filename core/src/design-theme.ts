/**
 * How a design reaches the templates (issue 17): each template's paper and accent families,
 * the accent's contrast check and the CSS variables a CV sheet sets.
 * docs/decisions/0011-cv-design.md.
 */
import {
  AA_TEXT,
  contrastRatio,
  hexToOklch,
  nearestReadable,
  oklchToHex,
  type Oklch,
} from './color.ts';
import { CV_FONTS, TEXT_SIZE_SCALE, type CvDesign } from './design.ts';
import type { TemplateId } from './templates.ts';

/** The accent palette the Design tab offers first (any colour can be picked besides). */
export const ACCENT_PALETTE = [
  { name: 'Teal', hex: '#0f766e' },
  { name: 'Blue', hex: '#1d4ed8' },
  { name: 'Indigo', hex: '#4338ca' },
  { name: 'Plum', hex: '#7e22ce' },
  { name: 'Crimson', hex: '#be123c' },
  { name: 'Rust', hex: '#c2410c' },
  { name: 'Forest', hex: '#15803d' },
  { name: 'Graphite', hex: '#374151' },
] as const;

/** A Tailwind colour family a template draws its accents in. */
export type AccentFamily =
  | 'teal'
  | 'violet'
  | 'fuchsia'
  | 'amber'
  | 'emerald'
  | 'rose'
  | 'yellow'
  | 'green'
  | 'lime'
  | 'slate'
  | 'stone';

/**
 * What the design needs of each template: its paper's colour (the accent is checked against
 * it) and the Tailwind colour families it draws its accents in, which the accent replaces.
 * The two monochrome templates (02, 06) take the accent as a tint of their greys. The
 * ink-friendly layout prints black on white: it takes no accent.
 */
export const TEMPLATE_PAPER: Record<TemplateId | 'ink-friendly', PaperDesign> = {
  template01: { background: '#ffffff', accents: ['teal'] },
  template02: { background: '#ffffff', accents: ['slate'] },
  template03: { background: '#ffffff', accents: ['violet', 'fuchsia'] },
  template04: { background: '#09090b', accents: ['amber'] },
  template05: { background: '#ffffff', accents: ['emerald'] },
  template06: { background: '#f6f1e4', accents: ['stone'] },
  template07: { background: '#ffffff', accents: ['amber'] },
  template08: { background: '#fbf7ee', accents: ['rose'] },
  template09: { background: '#f5f5f4', accents: ['yellow'] },
  template10: { background: '#f7f5ec', accents: ['green', 'lime'] },
  'ink-friendly': { background: '#ffffff', accents: [] },
};

export interface PaperDesign {
  /** The sheet's background, `#rrggbb`. */
  background: string;
  accents: readonly AccentFamily[];
}

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];

/** Tailwind 4's families as [lightness, chroma] per shade (the hue comes from the accent). */
const LADDERS: Record<AccentFamily, ReadonlyArray<readonly [number, number]>> = {
  teal: [
    [0.984, 0.014],
    [0.953, 0.051],
    [0.91, 0.096],
    [0.855, 0.138],
    [0.777, 0.152],
    [0.704, 0.14],
    [0.6, 0.118],
    [0.511, 0.096],
    [0.437, 0.078],
    [0.386, 0.063],
    [0.277, 0.046],
  ],
  violet: [
    [0.969, 0.016],
    [0.943, 0.029],
    [0.894, 0.057],
    [0.811, 0.111],
    [0.702, 0.183],
    [0.606, 0.25],
    [0.541, 0.281],
    [0.491, 0.27],
    [0.432, 0.232],
    [0.38, 0.189],
    [0.283, 0.141],
  ],
  fuchsia: [
    [0.977, 0.017],
    [0.952, 0.037],
    [0.903, 0.076],
    [0.833, 0.145],
    [0.74, 0.238],
    [0.667, 0.295],
    [0.591, 0.293],
    [0.518, 0.253],
    [0.452, 0.211],
    [0.401, 0.17],
    [0.293, 0.136],
  ],
  amber: [
    [0.987, 0.022],
    [0.962, 0.059],
    [0.924, 0.12],
    [0.879, 0.169],
    [0.828, 0.189],
    [0.769, 0.188],
    [0.666, 0.179],
    [0.555, 0.163],
    [0.473, 0.137],
    [0.414, 0.112],
    [0.279, 0.077],
  ],
  emerald: [
    [0.979, 0.021],
    [0.95, 0.052],
    [0.905, 0.093],
    [0.845, 0.143],
    [0.765, 0.177],
    [0.696, 0.17],
    [0.596, 0.145],
    [0.508, 0.118],
    [0.432, 0.095],
    [0.378, 0.077],
    [0.262, 0.051],
  ],
  rose: [
    [0.969, 0.015],
    [0.941, 0.03],
    [0.892, 0.058],
    [0.81, 0.117],
    [0.712, 0.194],
    [0.645, 0.246],
    [0.586, 0.253],
    [0.514, 0.222],
    [0.455, 0.188],
    [0.41, 0.159],
    [0.271, 0.105],
  ],
  yellow: [
    [0.987, 0.026],
    [0.973, 0.071],
    [0.945, 0.129],
    [0.905, 0.182],
    [0.852, 0.199],
    [0.795, 0.184],
    [0.681, 0.162],
    [0.554, 0.135],
    [0.476, 0.114],
    [0.421, 0.095],
    [0.286, 0.066],
  ],
  green: [
    [0.982, 0.018],
    [0.962, 0.044],
    [0.925, 0.084],
    [0.871, 0.15],
    [0.792, 0.209],
    [0.723, 0.219],
    [0.627, 0.194],
    [0.527, 0.154],
    [0.448, 0.119],
    [0.393, 0.095],
    [0.266, 0.065],
  ],
  lime: [
    [0.986, 0.031],
    [0.967, 0.067],
    [0.938, 0.127],
    [0.897, 0.196],
    [0.841, 0.238],
    [0.768, 0.233],
    [0.648, 0.2],
    [0.532, 0.157],
    [0.453, 0.124],
    [0.405, 0.101],
    [0.274, 0.072],
  ],
  slate: [
    [0.984, 0.003],
    [0.968, 0.007],
    [0.929, 0.013],
    [0.869, 0.022],
    [0.704, 0.04],
    [0.554, 0.046],
    [0.446, 0.043],
    [0.372, 0.044],
    [0.279, 0.041],
    [0.208, 0.042],
    [0.129, 0.042],
  ],
  stone: [
    [0.985, 0.001],
    [0.97, 0.001],
    [0.923, 0.003],
    [0.869, 0.005],
    [0.709, 0.01],
    [0.553, 0.013],
    [0.444, 0.011],
    [0.374, 0.01],
    [0.268, 0.007],
    [0.216, 0.006],
    [0.147, 0.004],
  ],
};

/** Families this grey: the accent tints them (a share of its chroma) rather than colouring them. */
const NEUTRAL_CHROMA = 0.06;
const NEUTRAL_TINT = 0.35;

/**
 * One family's eleven shades in the accent's hue. The shade nearest the accent in lightness
 * is the accent itself; the others keep the family's lightness (so the template's light
 * tints, dark text and their contrast stay as designed) and its chroma relative to that
 * shade. A grey family gets greys tinted with the accent.
 */
export function accentScale(accent: string, family: AccentFamily): Record<Shade, string> {
  const a = hexToOklch(accent);
  const ladder = LADDERS[family];
  const peak = Math.max(...ladder.map(([, c]) => c));
  const out = {} as Record<Shade, string>;
  if (peak < NEUTRAL_CHROMA) {
    SHADES.forEach((shade, i) => {
      const [l, c] = ladder[i]!;
      out[shade] = oklchToHex({ l, c: a.c * NEUTRAL_TINT * (c / peak), h: a.h });
    });
    return out;
  }
  let anchor = 0;
  ladder.forEach(([l], i) => {
    if (Math.abs(l - a.l) < Math.abs(ladder[anchor]![0] - a.l)) anchor = i;
  });
  const anchorChroma = ladder[anchor]![1];
  SHADES.forEach((shade, i) => {
    if (i === anchor) {
      out[shade] = accent.toLowerCase();
      return;
    }
    const [l, c] = ladder[i]!;
    const chroma: Oklch = { l, c: a.c * Math.min(4, c / anchorChroma), h: a.h };
    out[shade] = oklchToHex(chroma);
  });
  return out;
}

/** How an accent reads on a template's paper, and the colour the template then uses. */
export interface AccentCheck {
  /** The chosen colour's contrast with the paper. */
  ratio: number;
  passes: boolean;
  /** The chosen colour, or the nearest shade that reads at 4.5:1 when it does not. */
  used: string;
  /** The used colour's contrast with the paper. */
  usedRatio: number;
}

export function checkAccent(accent: string, layout: string): AccentCheck {
  const { background } = paperOf(layout);
  const ratio = contrastRatio(accent, background);
  const used = nearestReadable(accent, background, AA_TEXT);
  return { ratio, passes: ratio >= AA_TEXT, used, usedRatio: contrastRatio(used, background) };
}

export const paperOf = (layout: string): PaperDesign =>
  TEMPLATE_PAPER[layout as TemplateId] ?? TEMPLATE_PAPER.template01;

/**
 * The CSS variables a CV sheet sets for a design: the template's accent families rebuilt
 * from the accent (made readable first), the type sizes scaled, and the chosen font as the
 * sans and serif families. Empty for the default design: the template as it is.
 */
export function designVariables(
  design: CvDesign | null | undefined,
  layout: string,
): Record<string, string> {
  const vars: Record<string, string> = {};
  if (!design) return vars;
  const paper = paperOf(layout);
  if (design.accent && paper.accents.length > 0) {
    const { used } = checkAccent(design.accent, layout);
    for (const family of paper.accents) {
      const scale = accentScale(used, family);
      for (const shade of SHADES) vars[`--color-${family}-${shade}`] = scale[shade];
    }
  }
  const scale = TEXT_SIZE_SCALE[design.size];
  if (scale !== 1) {
    for (const [name, rem] of TEXT_STEPS)
      vars[`--text-${name}`] = `${+(rem * scale).toFixed(4)}rem`;
  }
  const font = CV_FONTS.find((f) => f.id === design.font);
  if (font) {
    vars['--font-sans'] = font.stack;
    vars['--font-serif'] = font.stack;
  }
  return vars;
}

/** Tailwind 4's type steps in rem. */
const TEXT_STEPS: ReadonlyArray<readonly [string, number]> = [
  ['xs', 0.75],
  ['sm', 0.875],
  ['base', 1],
  ['lg', 1.125],
  ['xl', 1.25],
  ['2xl', 1.5],
  ['3xl', 1.875],
  ['4xl', 2.25],
  ['5xl', 3],
];
