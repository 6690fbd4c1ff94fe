import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { VIDEO_MESSAGES } from '@vitae/core';
import { HttpError } from '../plugins/errors.ts';

/** What the signed fields of an upload may say. */
export interface UploadFields {
  api_key?: string;
  timestamp?: string;
  signature?: string;
  upload_preset?: string;
}

export interface UploadBody {
  fields: UploadFields;
  /** A `file` part arrived (it is at the target path). */
  received: boolean;
  /** The file was longer than `fileSizeLimit` and was cut there. */
  truncated: boolean;
}

/** How long a complete body's reader may take to finish writing before it is called cut off. */
const CUT_SHORT_GRACE_MS = 1000;

const SIGNED_FIELDS = ['api_key', 'timestamp', 'signature', 'upload_preset'];

/**
 * Registers `routes` in a scope of their own that reads multipart bodies. Only the two upload
 * routes need the parser: registered for the whole app, @fastify/multipart ran two async
 * hooks (a promise each) on every request of every route (decision 0008 §0017). Elsewhere a
 * multipart body is refused as an unsupported content type (415).
 */
export async function uploadRoutes(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    // The limits of each upload are set where its body is read (readUploadBody).
    await scope.register(fastifyMultipart, { limits: { files: 1, fields: 8, fieldSize: 4096 } });
    routes(scope);
  });
}

/**
 * Reads one multipart upload: the `file` part into `target`, the signed fields into memory.
 * With "Upload failed. Please try again." (docs/product/media.md), a body that sends nothing
 * for `idleMs` is answered 408, a malformed one 400, and so is one that ended without its closing
 * boundary (noticed a second after its last byte). The file handle is closed on every path;
 * the caller removes the folder.
 */
export async function readUploadBody(
  req: FastifyRequest,
  target: string,
  fileSizeLimit: number,
  idleMs: number,
): Promise<UploadBody> {
  // A request the HTTP parser gave up on (a malformed chunk) closed before we came to read
  // it: no reader would ever hear its end.
  if (req.raw.destroyed && !req.raw.complete) {
    throw new HttpError(400, VIDEO_MESSAGES.uploadRetry, undefined, { connection: 'close' });
  }
  const watch = bodyWatch(req.raw, idleMs);
  try {
    return await readParts(req, target, fileSizeLimit, watch.signal);
  } catch (err) {
    // A failing disk is our fault (500); anything else came from the client's bytes.
    if (err instanceof HttpError || (err as NodeJS.ErrnoException).syscall) throw err;
    // A body we stopped reading cannot leave the connection usable for the next request.
    const close = req.raw.complete ? undefined : { connection: 'close' };
    throw new HttpError(watch.stalled ? 408 : 400, VIDEO_MESSAGES.uploadRetry, undefined, close);
  } finally {
    watch.dispose();
  }
}

async function readParts(
  req: FastifyRequest,
  target: string,
  fileSizeLimit: number,
  signal: AbortSignal,
): Promise<UploadBody> {
  const body: UploadBody = { fields: {}, received: false, truncated: false };
  let parts;
  try {
    // throwFileSizeLimit: false marks an oversized file truncated instead of failing the
    // parse, so the remaining fields are still read and the message fits the purpose.
    const options = {
      limits: { fileSize: fileSizeLimit, files: 1, fields: 8, fieldSize: 4096, parts: 9 },
      throwFileSizeLimit: false,
    };
    parts = req.parts(options as Parameters<typeof req.parts>[0]);
  } catch {
    throw new HttpError(400, VIDEO_MESSAGES.missingUploadData);
  }
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, fs.createWriteStream(target, { mode: 0o600 }), { signal });
      body.received = true;
      body.truncated = part.file.truncated;
    } else if (SIGNED_FIELDS.includes(part.fieldname)) {
      body.fields[part.fieldname as keyof UploadFields] = String(part.value);
    }
  }
  return body;
}

/**
 * Notices a body that stops arriving (socket idle for `idleMs`) and one that arrived whole
 * but never completed its last part (no closing boundary): the multipart reader then waits
 * forever, its file stream neither ending nor failing. Either way `signal` aborts the file
 * copy (closing its handle) and a request error ends the reader.
 */
function bodyWatch(raw: IncomingMessage, idleMs: number) {
  let stalled = false;
  const abort = new AbortController();
  const fail = (why: string) => {
    abort.abort(new Error(why));
    // The reader listens while it reads; without a listener an 'error' would crash us.
    if (raw.listenerCount('error') > 0) raw.emit('error', new Error(why));
  };
  // Node's server emits 'timeout' on an unfinished request when its socket goes idle.
  const socket = raw.socket as Partial<Socket> | undefined;
  const onTimeout = () => {
    stalled = true;
    fail('upload body stalled');
  };
  // Injected test requests have no real socket (and cannot stall).
  const real = typeof socket?.setTimeout === 'function';
  if (real) {
    raw.on('timeout', onTimeout);
    socket.setTimeout!(idleMs);
  }
  // Once every byte is in, only writing the last buffered bytes to disk remains: a reader
  // still busy after a short grace will never finish (a small body cut off before its closing
  // boundary). The socket's idle timer stops too: Node would destroy an idle socket whose
  // request is complete without a word, before the 400 could be sent.
  let cutShort: NodeJS.Timeout | undefined;
  const onEnd = () => {
    if (real) socket.setTimeout!(0);
    cutShort = setTimeout(
      () => fail('upload body cut short'),
      Math.min(idleMs, CUT_SHORT_GRACE_MS),
    );
  };
  raw.once('end', onEnd);
  // A request closed before its end (the client went, or the parser gave up on a malformed
  // chunk): the multipart reader does not always end the file stream it handed out.
  const onClose = () => {
    if (!raw.complete) fail('upload body aborted');
  };
  raw.once('close', onClose);
  return {
    signal: abort.signal,
    get stalled() {
      return stalled;
    },
    dispose() {
      clearTimeout(cutShort);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      if (!real) return;
      raw.off('timeout', onTimeout);
      // Conversion may keep the socket quiet for a while: that is not a stalled body.
      socket.setTimeout!(0);
    },
  };
}

/**
 * A signal aborted when the client's connection closes before its answer is sent (it went
 * away mid-conversion), so long work for it stops. Injected requests have no socket.
 */
export function clientLeaving(req: FastifyRequest): { signal: AbortSignal; dispose(): void } {
  const abort = new AbortController();
  const socket = req.raw.socket as Socket | undefined;
  const onClose = () => abort.abort(new Error('client went away'));
  socket?.once('close', onClose);
  return { signal: abort.signal, dispose: () => socket?.off('close', onClose) };
}
