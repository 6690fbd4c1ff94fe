import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { loadFont } from '../features/templates/blocks/fonts.ts';
import { INK_FRIENDLY_ID, getTemplate, loadInkFriendly } from '../features/templates/registry.ts';
import type { PrintPayload } from './render-cv.ts';
import '../index.css';

/**
 * The print page of the server's PDF renderer (web/print.html): the same template components
 * View CV shows, drawn one CV at a time into a page kept open between renders.
 */
const root = createRoot(document.getElementById('cv')!);

/** Every image decoded (a broken one must not hold the PDF back). */
const imagesReady = () =>
  Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));

window.renderCv = async ({ data, layout }: PrintPayload) => {
  const load = layout === INK_FRIENDLY_ID ? loadInkFriendly : getTemplate(layout).load;
  // Loaded before rendering, so the template draws at once (no Suspense fallback to wait out).
  const { default: Template } = await load();
  // The CV's font (issue 17): its styles are a lazy chunk that fonts.ready alone would not wait for.
  await loadFont(data.design?.font);
  flushSync(() => root.render(<Template data={data} />));
  // The PDF's title (its metadata and a viewer's window) names whose CV it is.
  const name = data.personalInfo?.fullName.trim();
  document.title = name ? `${name} — CV` : 'CV';
  await Promise.all([document.fonts.ready, imagesReady()]);
};
window.printReady = true;
