import { Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cvFullName, type CvData, type PageSize } from '@vitae/core/cv';
import { lazyLayout } from '../templates/index.ts';
import {
  PAPER_MM,
  PRINT_MARGIN_MM,
  PRINT_ROOT_PX,
  PX_PER_MM,
  atomsOf,
  contentBox,
  paginate,
  type PageSlice,
} from './pagination.ts';
import './preview.css';

interface PagedCvProps {
  layout: string;
  data: CvData;
  pageSize: PageSize;
  /** The pages' width on screen over the paper's (fit to the pane). */
  scale: number;
  onPages?: (count: number) => void;
}

const same = (a: PageSlice[], b: PageSlice[]) =>
  a.length === b.length &&
  a.every((p, i) => Math.abs(p.start - b[i]!.start) < 0.5 && Math.abs(p.end - b[i]!.end) < 0.5);

/** A standards-mode empty document (about:blank would lay out in quirks mode). */
const BLANK = '<!doctype html><html><head></head><body></body></html>';

/** Keeps the frame's styles those of the app: Vite adds a chunk's CSS to the head when it loads. */
function mirrorStyles(doc: Document): () => void {
  const clones = new Map<Node, Node>();
  const sync = () => {
    const sources = new Set(document.head.querySelectorAll('link[rel="stylesheet"], style'));
    for (const [source, clone] of clones) {
      if (!sources.has(source as Element)) {
        doc.head.removeChild(clone);
        clones.delete(source);
      }
    }
    for (const source of sources) {
      if (clones.has(source)) continue;
      const clone = doc.importNode(source, true);
      doc.head.appendChild(clone);
      clones.set(source, clone);
    }
  };
  sync();
  const observer = new MutationObserver(sync);
  observer.observe(document.head, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * One page's printable area: a frame exactly as wide as print's, so the templates' width
 * rules (`sm:`, `md:`) answer as they do on paper, with print's root type size. It shows the
 * CV from `offset` down, `height` of it.
 */
function PageFrame({
  title,
  width,
  height,
  offset,
  onRoot,
  children,
}: {
  title: string;
  width: number;
  height: number;
  offset: number;
  onRoot?: (el: HTMLDivElement | null) => void;
  children: ReactNode;
}) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const doc = frame?.contentDocument;
    if (!frame || !doc) return;
    let stop: (() => void) | undefined;
    const ready = () => {
      const d = frame.contentDocument;
      if (!d?.body || stop) return;
      d.documentElement.style.fontSize = `${PRINT_ROOT_PX}px`;
      d.documentElement.style.overflow = 'hidden';
      d.body.style.margin = '0';
      d.body.style.background = 'transparent';
      stop = mirrorStyles(d);
      setBody(d.body);
    };
    if (doc.readyState === 'complete' && doc.body && doc.URL !== 'about:blank') ready();
    frame.addEventListener('load', ready);
    return () => {
      frame.removeEventListener('load', ready);
      stop?.();
    };
  }, [frame]);

  return (
    <>
      <iframe
        ref={setFrame}
        title={title}
        srcDoc={BLANK}
        inert
        tabIndex={-1}
        className="block border-0"
        style={{ width, height }}
      />
      {body &&
        createPortal(
          <div ref={onRoot} className="cv-print-emulation" style={{ marginTop: -offset }}>
            {children}
          </div>,
          body,
        )}
    </>
  );
}

/**
 * The CV on paper: drawn at print's printable width and type size, cut into pages where print
 * would break it (pagination.ts, measured on page 1's copy, which holds the whole CV clipped),
 * each page a sheet with print's margins. The pages are pictures of the CV: inert, so keyboard
 * and screen readers pass over them (the form beside them is where the words are edited).
 */
export function PagedCv({ layout, data, pageSize, scale, onPages }: PagedCvProps) {
  const Layout = lazyLayout(layout);
  // A state, not a ref: page 1's copy mounts once its frame and the lazy template are ready.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const box = contentBox(pageSize);
  const [pages, setPages] = useState<PageSlice[]>([{ start: 0, end: box.height }]);
  const paper = PAPER_MM[pageSize];
  const pageWidth = paper.width * PX_PER_MM;
  const pageHeight = paper.height * PX_PER_MM;
  const margin = PRINT_MARGIN_MM * PX_PER_MM;
  const name = cvFullName(data).trim();

  useLayoutEffect(() => {
    if (!root) return;
    const measure = () => {
      const sheet = root.querySelector<HTMLElement>('.cv-sheet') ?? root;
      const next = paginate(atomsOf(sheet), sheet.getBoundingClientRect().height, box.height);
      setPages((prev) => (same(prev, next) ? prev : next));
    };
    measure();
    // The template arrives lazily, and photos and fonts load later: each changes the height.
    const Observer = root.ownerDocument.defaultView?.ResizeObserver ?? ResizeObserver;
    const observer = new Observer(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [root, data, layout, pageSize, box.height]);

  useLayoutEffect(() => onPages?.(pages.length), [pages.length, onPages]);

  return (
    <div className="space-y-6">
      {pages.map((page, i) => (
        <div
          key={i}
          className="mx-auto"
          style={{ width: pageWidth * scale, height: pageHeight * scale }}
        >
          <div
            data-preview-page={i + 1}
            className="relative origin-top-left bg-white shadow-md ring-1 ring-slate-900/10"
            style={{
              width: pageWidth,
              height: pageHeight,
              padding: margin,
              transform: `scale(${scale})`,
            }}
          >
            <PageFrame
              title={`Page ${i + 1} of your CV`}
              width={box.width}
              height={page.end - page.start}
              offset={page.start}
              onRoot={i === 0 ? setRoot : undefined}
            >
              <Suspense fallback={<p className="p-8 text-center">Loading template...</p>}>
                <Layout data={data} />
              </Suspense>
            </PageFrame>
            {i > 0 && (
              <p
                className="absolute inset-x-0 bottom-0 flex items-center justify-center text-[10.7px] text-[#555]"
                style={{ height: margin }}
              >
                {name ? `${name}  ·  ` : ''}Page {i + 1} of {pages.length}
              </p>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
