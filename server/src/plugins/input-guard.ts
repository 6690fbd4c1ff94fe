import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMultiLineText, UNSUPPORTED_CHARACTERS, type ApiErrorBody } from '@vitae/core';
import { fieldErrorsFrom } from './errors.ts';

/** Deeper than any form the product has; deeper bodies only exhaust recursive code. */
const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP = 'The request is nested too deeply.';

type Finding = { path: string[]; reason: 'characters' | 'depth' };

/**
 * The first string (value or object key) in `value` that no field accepts, with where it sits;
 * null when all is clean. Tab and newlines pass: they belong to multi-line fields, whose
 * schemas are the judge of the rest. Iterative, so a body nested thousands deep cannot
 * overflow the stack here.
 */
function findUnsupportedInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): Finding | null {
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isMultiLineText(v)) return { path, reason: 'characters' };
      continue;
    }
    if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (path.length >= maxDepth) return { path, reason: 'depth' };
    for (const [k, child] of Object.entries(v)) {
      if (!isMultiLineText(k)) return { path, reason: 'characters' };
      stack.push({ v: child, path: [...path, k] });
    }
  }
  return null;
}

/** Nothing to walk: most GETs (no params, no query, no body) stop here. */
function isEmpty(part: unknown): boolean {
  if (part == null) return true;
  if (typeof part !== 'object' || Buffer.isBuffer(part)) return false;
  for (const _ in part) return false;
  return true;
}

function refusal(req: FastifyRequest): ApiErrorBody | null {
  for (const part of [req.params, req.query, req.body]) {
    if (isEmpty(part)) continue;
    const found = findUnsupportedInput(part);
    if (!found) continue;
    const error = found.reason === 'depth' ? TOO_DEEP : UNSUPPORTED_CHARACTERS;
    // Keyed as a schema's message would be (top-level field, `formValues` unwrapped).
    return { error, fieldErrors: fieldErrorsFrom([{ path: found.path, message: error }]) };
  }
  return null;
}

/**
 * A net under the schemas: a route whose schema forgot a field (or that has no schema) still
 * never hands NUL, another control character or half a surrogate pair to the database, and
 * never walks a pathologically deep body. It runs after validation (preHandler) so a route's
 * own schema answers first, with its field's message; what it sees is what the handler gets.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request for a check that never waits.
  app.addHook('preHandler', (req, reply, done) => {
    const body = refusal(req);
    if (body) void reply.status(400).send(body);
    else done();
  });
}
