/**
 * Runs in a worker thread: reads documents and finds the CV in each, so a slow or hostile
 * file never blocks the server's event loop (the parent stops this thread after a deadline).
 * It stays up between files: loading pdf.js takes longer than reading a CV.
 */
import { parentPort } from 'node:worker_threads';
// @ts-expect-error pdf.js ships no types for its worker module; only its presence matters.
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { HttpError } from '../../plugins/errors.ts';
import { findCv } from './cv-finder.ts';
import { readDocxLines } from './docx-lines.ts';
import { readPdfLines } from './pdf-lines.ts';
import type { ParseJob, WorkerReply } from './read-document.ts';

// pdf.js runs its own "worker" in this thread when it finds it here, instead of loading it
// on the first file.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

async function parse({ kind, bytes }: ParseJob): Promise<WorkerReply> {
  try {
    const lines = kind === 'pdf' ? await readPdfLines(bytes) : readDocxLines(bytes);
    return { ok: true, found: findCv(lines), text: lines.map((l) => l.text) };
  } catch (err) {
    const status = err instanceof HttpError ? err.statusCode : 500;
    return { ok: false, status, message: (err as Error).message };
  }
}

parentPort!.on('message', (job: ParseJob) => {
  void parse(job).then((reply) => parentPort!.postMessage(reply));
});
parentPort!.postMessage('ready');
