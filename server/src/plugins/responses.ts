import fastJsonStringify, { type Schema as FjsSchema } from 'fast-json-stringify';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@vitae/core';

type Serialize = (data: unknown) => string;

/**
 * One fast-json-stringify function per response schema. Schemas are module-level zod objects
 * shared by every app instance (tests build many), so each is compiled once per process.
 */
const compiled = new WeakMap<object, Serialize>();

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

function fastSerializer(schema: z.ZodType | FjsSchema): Serialize {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const json = isZod(schema)
    ? // OpenAPI 3.0 words null as `nullable: true`, which fast-json-stringify reads without
      // the per-call anyOf check that `anyOf: [T, null]` would cost.
      z.toJSONSchema(schema, {
        target: 'openapi-3.0',
        io: 'output',
        unrepresentable: 'any',
        reused: 'inline',
        cycles: 'ref',
      })
    : schema;
  const fn = fastJsonStringify(json as FjsSchema) as Serialize;
  compiled.set(schema, fn);
  return fn;
}

/**
 * Response serialisation from the routes' zod schemas (docs/decisions/0007-response-schemas.md).
 * Always fast-json-stringify: only declared keys leave the server, so a row's extra columns
 * (a password hash, a token) never do. Outside production the answer is also parsed with its
 * zod schema first, and a mismatch is a 500 that fails the test which made the request.
 */
export function responseSerializerCompiler(
  strict: boolean,
): FastifySerializerCompiler<z.ZodType | FjsSchema> {
  return ({ schema, method, url }) => {
    const stringify = fastSerializer(schema);
    if (!strict || !isZod(schema)) return stringify;
    return (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      }
      // What production would send: the same function on the same value.
      return stringify(data);
    };
  };
}

/** A file answer: the OpenAPI document names its content type; the body is not serialised. */
export const binaryResponse = (contentType: string | string[], description: string) => ({
  description,
  content: Object.fromEntries(
    [contentType]
      .flat()
      .map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]),
  ),
});

/** An answer without a body (204). */
export const noContent = (description: string) => ({ description });

/** The app's one error body (plugins/errors.ts) for every 4xx and 5xx answer. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** A response entry given as plain OpenAPI (a binary file, no content) rather than a zod schema. */
const isPlainResponse = (v: unknown): v is { description: string } =>
  !isZod(v) && typeof v === 'object' && v !== null && 'description' in v;

/**
 * fastify-type-provider-zod's transform only takes zod schemas; binary and empty responses are
 * plain OpenAPI and go into the document as they are.
 */
export function withBinaryResponses<I extends { schema?: FastifySchema; url: string }, O>(
  transform: (input: I) => O,
): (input: I) => O {
  return (input) => {
    const response = input.schema?.response as Record<string, unknown> | undefined;
    if (!response) return transform(input);
    const plain = Object.entries(response).filter(([, v]) => isPlainResponse(v));
    if (plain.length === 0) return transform(input);
    const zodOnly = Object.fromEntries(
      Object.entries(response).filter(([, v]) => !isPlainResponse(v)),
    );
    const out = transform({ ...input, schema: { ...input.schema, response: zodOnly } }) as O & {
      schema: { response?: Record<string, unknown> };
    };
    out.schema.response = { ...out.schema.response, ...Object.fromEntries(plain) };
    return out;
  };
}
