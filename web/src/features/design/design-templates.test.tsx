import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, SAMPLE_CV, type CvData, type CvDesign } from '@vitae/core';
import { TEMPLATE_PAPER } from '@vitae/core/design-theme';
import { CvLayout, INK_FRIENDLY_ID, TEMPLATES } from '../templates/index.ts';

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];

const CHOSEN: CvDesign = { accent: '#be123c', font: 'lora', size: 'large', density: 'compact' };

async function sheetOf(layout: string, data: CvData) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  const sheet = view.container.querySelector<HTMLElement>('[data-cv-layout]')!;
  return { view, sheet, html: view.container.innerHTML };
}

const designVars = (sheet: HTMLElement) =>
  Array.from(sheet.style).filter((p) => /^--(color|text|font)-/.test(p));

describe('the design in every template', () => {
  it.each(LAYOUTS)('%s: no design, or the default one, draws the template as it was', async (l) => {
    const { design: _, ...withoutDesign } = SAMPLE_CV;
    const before = await sheetOf(l, withoutDesign as CvData);
    before.view.unmount();
    const after = await sheetOf(l, { ...SAMPLE_CV, design: DEFAULT_DESIGN });
    expect(after.html).toBe(before.html);
    expect(designVars(after.sheet)).toEqual([]);
    expect(after.sheet.dataset.cvDensity).toBeUndefined();
    expect(after.sheet.dataset.cvFont).toBeUndefined();
  });

  it.each(LAYOUTS)('%s: takes the accent, font, text size and density', async (layout) => {
    const { sheet, html } = await sheetOf(layout, { ...SAMPLE_CV, design: CHOSEN });
    const families = TEMPLATE_PAPER[layout as keyof typeof TEMPLATE_PAPER].accents;
    if (layout === INK_FRIENDLY_ID) {
      expect(families).toEqual([]);
    } else {
      expect(families.length).toBeGreaterThan(0);
    }
    for (const family of families) {
      // The family is really what the template draws with...
      expect(html).toMatch(new RegExp(`-${family}-\\d{2,3}\\b`));
      // ...and the sheet redefines all of it from the accent.
      for (const shade of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]) {
        expect(sheet.style.getPropertyValue(`--color-${family}-${shade}`)).toMatch(
          /^#[0-9a-f]{6}$/,
        );
      }
    }
    expect(sheet.style.getPropertyValue('--font-sans')).toContain("'Lora'");
    expect(sheet.style.getPropertyValue('--font-serif')).toContain("'Lora'");
    expect(sheet.style.fontFamily).toContain('Lora');
    expect(sheet.style.getPropertyValue('--text-sm')).toBe('0.945rem');
    expect(sheet.dataset.cvDensity).toBe('compact');
    expect(sheet.dataset.cvFont).toBe('lora');
  });

  it('a dark template gets a lighter shade of a dark accent, a light one keeps it', async () => {
    const dark = await sheetOf('template04', {
      ...SAMPLE_CV,
      design: { ...DEFAULT_DESIGN, accent: '#1d4ed8' },
    });
    expect(Object.values(styleColours(dark.sheet, 'amber'))).not.toContain('#1d4ed8');
    dark.view.unmount();
    const light = await sheetOf('template01', {
      ...SAMPLE_CV,
      design: { ...DEFAULT_DESIGN, accent: '#1d4ed8' },
    });
    expect(Object.values(styleColours(light.sheet, 'teal'))).toContain('#1d4ed8');
  });
});

function styleColours(sheet: HTMLElement, family: string): Record<string, string> {
  return Object.fromEntries(
    [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map((s) => [
      s,
      sheet.style.getPropertyValue(`--color-${family}-${s}`),
    ]),
  );
}
