/**
 * A PDF or Word CV as import input, parsed in one worker thread with a deadline and a memory
 * cap, one file at a time: a hostile file costs one bounded worker (which is then replaced),
 * never the server's event loop.
 */
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../plugins/errors.ts';
import type { ImportSource } from '../cv-io.service.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from './document-lines.ts';
import type { FoundCv } from './cv-finder.ts';

export type DocumentKind = 'pdf' | 'docx';
export interface ParseJob {
  kind: DocumentKind;
  bytes: Uint8Array;
}
export type WorkerReply =
  { ok: true; found: FoundCv; text: string[] } | { ok: false; status: number; message: string };

/** Notes beyond this many unplaced lines are summed up in one. */
const MAX_UNPLACED_NOTES = 40;
/** Loading the worker (pdf.js and the parser) is the server's cost, not the file's. */
const START_TIMEOUT_MS = 60_000;

let worker: { thread: Worker; ready: Promise<void> } | null = null;
let queue: Promise<unknown> = Promise.resolve();

function startWorker() {
  const thread = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // An idle parser does not keep the process alive.
  thread.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The document parser did not start.')),
      START_TIMEOUT_MS,
    );
    thread.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    thread.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  const started = { thread, ready };
  thread.once('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function stopWorker() {
  const w = worker;
  worker = null;
  void w?.thread.terminate();
}

/** Starts the parser ahead of the first file (tests, and a server expecting imports). */
export async function warmDocumentParser(): Promise<void> {
  worker ??= startWorker();
  await worker.ready;
}

async function parseInWorker(job: ParseJob): Promise<WorkerReply> {
  worker ??= startWorker();
  const { thread, ready } = worker;
  try {
    await ready;
  } catch (err) {
    stopWorker();
    throw err;
  }
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      thread.off('message', onMessage);
      thread.off('error', onError);
    };
    const onMessage = (reply: WorkerReply) => {
      done();
      resolve(reply);
    };
    // The worker died on this file (out of memory): the file's doing.
    const onError = () => {
      done();
      stopWorker();
      reject(new HttpError(400, DOCUMENT_MESSAGES.timeout));
    };
    const timer = setTimeout(() => {
      done();
      stopWorker();
      reject(new HttpError(400, DOCUMENT_MESSAGES.timeout));
    }, DOCUMENT_LIMITS.timeoutMs);
    thread.ref();
    thread.on('message', onMessage);
    thread.once('error', onError);
    thread.postMessage(job);
  }).finally(() => thread.unref()) as Promise<WorkerReply>;
}

/** One file at a time through the worker. */
function enqueue(job: ParseJob): Promise<WorkerReply> {
  const run = queue.then(() => parseInWorker(job));
  queue = run.catch(() => undefined);
  return run;
}

/** What the finder could not place, as the preview's notes. */
export function unplacedNotes(unplaced: readonly string[]): string[] {
  if (!unplaced.length) return [];
  const n = unplaced.length;
  const shown = unplaced.slice(0, MAX_UNPLACED_NOTES).map((t) => `Not placed: ${t}`);
  return [
    `${n} ${n === 1 ? 'line' : 'lines'} of your CV could not be placed in a section; add ${n === 1 ? 'it' : 'them'} by hand if needed.`,
    ...shown,
    ...(n > shown.length ? [`…and ${n - shown.length} more.`] : []),
  ];
}

/** The document's sections and notes; throws a 400 with the reason for a file it cannot read. */
export async function readCvDocument(
  kind: DocumentKind,
  bytes: Uint8Array,
): Promise<ImportSource & { text: string[] }> {
  const reply = await enqueue({ kind, bytes });
  if (!reply.ok) {
    if (reply.status < 500) throw new HttpError(reply.status, reply.message);
    throw new Error(reply.message);
  }
  return {
    sections: reply.found.sections,
    template: null,
    notes: unplacedNotes(reply.found.unplaced),
    text: reply.text,
  };
}
