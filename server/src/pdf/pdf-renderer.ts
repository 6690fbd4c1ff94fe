import fsp from 'node:fs/promises';
import path from 'node:path';
import type { CvData } from '@vitae/core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, loadPlaywright } from './chromium.ts';

/** What the print page (web/src/print) draws: a CV in a template or "ink-friendly". */
export interface PrintPayload {
  data: CvData;
  layout: string;
}

export type Paper = 'a4' | 'letter';

/** The queue is full: the route answers 503 with Retry-After. */
export class PdfBusyError extends Error {}

export interface PdfRendererOptions {
  executablePath: string;
  /** The built web app (web/dist), holding print.html and its assets. */
  webDist: string;
  /** Pages rendering at once. */
  pages?: number;
  /** Renders waiting for a page beyond those rendering; more are refused (PdfBusyError). */
  maxQueue?: number;
  /** One render's limit; a page that overruns it is thrown away. */
  timeoutMs?: number;
  /**
   * Closes the browser after this long without a render or warm-up, giving its memory
   * back; the next warm-up or render launches it again. Unset: it stays until close().
   */
  idleMs?: number;
  onLaunch?: () => void;
}

export interface PdfRenderer {
  render(payload: PrintPayload, paper: Paper): Promise<Buffer>;
  /** Starts the browser and one page now rather than on the first render. */
  warm(): Promise<void>;
  /**
   * Whether a warm-up would help the next PDF: true until the first warm-up or render, and
   * again once the browser was closed for idleness. Renderers without it are never warmed
   * ahead (pdf-warm.ts).
   */
  readonly cold?: boolean;
  close(): Promise<void>;
}

/** What web/src/print/main.tsx puts on the print page's window. */
interface PrintWindow {
  renderCv(payload: PrintPayload): Promise<void>;
  printReady?: boolean;
}

/**
 * The print page's origin. It never reaches the network: every request the page makes is
 * answered from web/dist by `page.route`, or refused, so no listening server is needed.
 */
const ORIGIN = 'http://print.vitae';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

class RenderTimeout extends Error {}

/**
 * One headless Chromium kept warm for PDFs, with a small pool of print pages loaded once and
 * reused. Renders beyond the pool wait in a bounded queue; a crashed browser is replaced on
 * the next render; a page that failed or overran is closed and a fresh one opened. After
 * `idleMs` without use the browser closes, and the renderer is cold again.
 */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const { executablePath, webDist, pages = 2, maxQueue = 16, timeoutMs = 20_000 } = options;
  const root = path.resolve(webDist);
  let browser: Promise<Browser> | null = null;
  let closed = false;
  const idle: Page[] = [];
  let active = 0;
  const waiting: Array<() => void> = [];
  let used = false;
  let warming = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function launch(): Promise<Browser> {
    if (closed) return Promise.reject(new Error('the PDF renderer is closed'));
    if (browser) return browser;
    idle.length = 0;
    options.onLaunch?.();
    const started: Promise<Browser> = loadPlaywright()
      .then(({ chromium }) =>
        chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true }),
      )
      .then((b) => {
        b.on('disconnected', () => {
          // A crash (or close): drop it and its pages; the next render launches another.
          if (browser === started) browser = null;
          idle.length = 0;
        });
        return b;
      });
    started.catch(() => {
      if (browser === started) browser = null;
    });
    browser = started;
    return started;
  }

  async function serveFromDist(
    url: string,
  ): Promise<{ status: number; body: Buffer; type: string }> {
    const file = path.resolve(root, `.${decodeURIComponent(new URL(url).pathname)}`);
    const notFound = { status: 404, body: Buffer.alloc(0), type: 'text/plain' };
    if (!file.startsWith(root + path.sep)) return notFound;
    try {
      const body = await fsp.readFile(file);
      return {
        status: 200,
        body,
        type: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      };
    } catch {
      return notFound;
    }
  }

  async function openPrintPage(): Promise<Page> {
    const page = await (await launch()).newPage();
    try {
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        if (!url.startsWith(`${ORIGIN}/`)) return route.abort('blockedbyclient');
        const { status, body, type } = await serveFromDist(url);
        return route.fulfill({ status, body, contentType: type });
      });
      await page.goto(`${ORIGIN}/print.html`, { timeout: timeoutMs });
      await page.waitForFunction(
        () => (globalThis as unknown as PrintWindow).printReady === true,
        null,
        { timeout: timeoutMs },
      );
      return page;
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
  }

  /** A place among the rendering pages, waiting in the queue when all are busy. */
  async function takeSlot(): Promise<void> {
    if (active < pages) {
      active += 1;
      return;
    }
    if (waiting.length >= maxQueue) throw new PdfBusyError('PDF renderer busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  /** Hands the place straight to the next waiting render, if any. */
  function freeSlot(): void {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  function withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout('PDF render timed out')), timeoutMs);
    });
    return Promise.race([work, limit]).finally(() => clearTimeout(timer));
  }

  /** Forgets the browser (closing what is left of it): the next page launches a new one. */
  function dropBrowser(): void {
    const b = browser;
    browser = null;
    idle.length = 0;
    void b?.then((x) => x.close()).catch(() => undefined);
  }

  /** Use begins: whatever idle close was planned waits for it to end. */
  function inUse(): void {
    used = true;
    clearTimeout(idleTimer);
  }

  /** Use ended: the browser closes after `idleMs` unless used again meanwhile. */
  function idleFromNow(): void {
    if (options.idleMs === undefined || closed) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(closeIfIdle, options.idleMs);
    // An idle renderer must not keep the process alive.
    idleTimer.unref();
  }

  function closeIfIdle(): void {
    // A render or warm-up still under way plans the next close when it ends.
    if (active || waiting.length || warming || closed) return;
    dropBrowser();
    used = false;
  }

  /** Whether the current browser (if any) still answers. */
  async function browserAlive(): Promise<boolean> {
    const b = browser && (await browser.catch(() => null));
    return Boolean(b?.isConnected());
  }

  /** One render on an idle page (or a new one); the page goes back only after a clean render. */
  async function renderOnce(payload: PrintPayload, paper: Paper): Promise<Buffer> {
    let page: Page | undefined;
    let healthy = false;
    try {
      page = idle.pop() ?? (await openPrintPage());
      const pdf = await withTimeout(renderOn(page, payload, paper));
      healthy = true;
      return pdf;
    } finally {
      if (page && healthy && !closed && !page.isClosed()) idle.push(page);
      else void page?.close().catch(() => undefined);
    }
  }

  async function renderOn(page: Page, payload: PrintPayload, paper: Paper): Promise<Buffer> {
    await page.evaluate((p) => (globalThis as unknown as PrintWindow).renderCv(p), payload);
    return page.pdf({ format: paper === 'letter' ? 'Letter' : 'A4', printBackground: true });
  }

  return {
    async render(payload, paper) {
      inUse();
      // Refused only when every page is busy: their renders plan the idle close.
      await takeSlot();
      try {
        try {
          return await renderOnce(payload, paper);
        } catch (err) {
          // Once more on a fresh page: the failed one is closed. A browser that died under it
          // (a crash, the OOM killer) is replaced; a page whose assets a new web build
          // removed loads the new ones.
          if (err instanceof RenderTimeout || closed) throw err;
          if (!(await browserAlive()) || /closed|crash/i.test(String(err))) dropBrowser();
          return await renderOnce(payload, paper);
        }
      } finally {
        freeSlot();
        idleFromNow();
      }
    },

    async warm() {
      inUse();
      warming += 1;
      try {
        if (!idle.length && !active) idle.push(await openPrintPage());
      } finally {
        warming -= 1;
        idleFromNow();
      }
    },

    get cold() {
      return !used && !closed;
    },

    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const b = browser;
      browser = null;
      idle.length = 0;
      if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
    },
  };
}
