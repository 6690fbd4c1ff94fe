import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@vitae/core';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/integrity.ts';

/** A failure the client should see as it is: status, message, per-field messages. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);

/** A unique rule refused a write that a parallel request made first. */
const CONFLICT_MESSAGE = 'This was changed at the same time by another request. Please try again.';

/** First message per field, keyed by the top-level field name (or `general`). */
export function fieldErrorsFrom(
  issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).filter((p) => p !== 'formValues');
    const key = path.length ? String(path[0]) : 'general';
    out[key] ??= issue.message;
  }
  return out;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      const body: ApiErrorBody = { error: err.message };
      if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors = fieldErrorsFrom(
        err.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
      );
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return reply.status(400).send({ error: first, fieldErrors } satisfies ApiErrorBody);
    }
    // The database's unique indexes hold the rules under parallel requests; a route with
    // a more precise message maps the violation itself before it gets here.
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ error: CONFLICT_MESSAGE } satisfies ApiErrorBody);
    }
    // PostgreSQL restarting or out of reach: fail fast and say when to try again, so clients
    // and the balancer treat it as the passing outage it is (npm run load --drill pg-restart).
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '5');
      return reply.status(503).send({ error: 'Something went wrong. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, ...).
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 415
          ? 'Unsupported content type.'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
              err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : err.message;
    return reply.status(status).send({ error: message } satisfies ApiErrorBody);
  });
}
