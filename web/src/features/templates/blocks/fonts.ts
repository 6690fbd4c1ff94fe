import { CV_FONTS, type CvFontId } from '@vitae/core/design';

/*
 * The CV fonts (issue 17), self-hosted from @fontsource: latin only, regular and bold, each a
 * CSS chunk of its own with its woff2 files served from our origin (font-display: swap).
 * Nothing loads until a CV or the Design tab asks for that font.
 */
const STYLES: Record<CvFontId, () => Promise<unknown>> = {
  inter: () =>
    Promise.all([
      import('@fontsource/inter/latin-400.css'),
      import('@fontsource/inter/latin-700.css'),
    ]),
  'ibm-plex-sans': () =>
    Promise.all([
      import('@fontsource/ibm-plex-sans/latin-400.css'),
      import('@fontsource/ibm-plex-sans/latin-700.css'),
    ]),
  lora: () =>
    Promise.all([
      import('@fontsource/lora/latin-400.css'),
      import('@fontsource/lora/latin-700.css'),
    ]),
  merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/latin-400.css'),
      import('@fontsource/merriweather/latin-700.css'),
    ]),
  'roboto-slab': () =>
    Promise.all([
      import('@fontsource/roboto-slab/latin-400.css'),
      import('@fontsource/roboto-slab/latin-700.css'),
    ]),
  'eb-garamond': () =>
    Promise.all([
      import('@fontsource/eb-garamond/latin-400.css'),
      import('@fontsource/eb-garamond/latin-700.css'),
    ]),
};

const loading = new Map<CvFontId, Promise<void>>();

/**
 * Loads a CV font's styles, then its regular and bold faces, once per page; resolves when
 * both can draw (the PDF's print page waits for this), and never rejects: a font that
 * fails to load leaves the fallback stack in place.
 */
export function loadFont(id: CvFontId | null | undefined): Promise<void> {
  const font = CV_FONTS.find((f) => f.id === id);
  if (!font) return Promise.resolve();
  let done = loading.get(font.id);
  if (!done) {
    const family = font.stack.split(',')[0]!;
    done = STYLES[font.id]()
      .then(() => {
        const faces = typeof document !== 'undefined' ? document.fonts : undefined;
        if (!faces?.load) return;
        return Promise.all([faces.load(`400 1em ${family}`), faces.load(`700 1em ${family}`)]);
      })
      .then(
        () => undefined,
        () => {
          loading.delete(font.id);
        },
      );
    loading.set(font.id, done);
  }
  return done;
}
