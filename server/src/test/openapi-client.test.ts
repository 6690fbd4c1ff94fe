import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * A small client as a web screen would write it against the generated types: sign in, read a
 * nested CV field, read an HR browse card. `typo` swaps one field name for a wrong one.
 */
const clientSource = (typo: boolean) => `
import type { paths } from './api';

type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

declare function call<P extends keyof paths, M extends keyof paths[P]>(
  path: P,
  method: M,
  body?: Body<P, M>,
): Promise<Json<P, M>>;

export async function story(): Promise<string[]> {
  const login = await call('/auth/user/login-web', 'post', { email: 'a@b.co', password: 'pw' });
  // An account with two-step sign-in answers a pending sign-in instead of the user.
  const isHr: boolean = 'user' in login ? login.user.isHR : false;
  const cv = await call('/api/curriculum-vitae/data', 'get');
  const skill: string | undefined = cv.data.skills[0]?.${typo ? 'skil' : 'skill'};
  const level: number | null | undefined = cv.data.skills[0]?.level;
  const city: string | undefined = cv.data.contactInfo?.city;
  const page = await call('/api/public-cv/browse', 'get');
  const card = page.data[0];
  const years: number | undefined = card?.yearsExperience;
  return [String(isHr), skill ?? '', String(level), city ?? '', card?.fullName ?? '', String(years)];
}
`;

/** The TypeScript compiler's errors for the generated types plus one client file. */
function typeErrors(dir: string, client: string): string[] {
  const file = path.join(dir, 'client.ts');
  fs.writeFileSync(file, client);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the OpenAPI document types every answer', () => {
  let t: TestApp;
  let doc: Document;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives every operation a 2xx answer with a schema, a file type or no body (204)', () => {
    const untyped: string[] = [];
    let operations = 0;
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!METHODS.has(method)) continue;
        operations++;
        const ok = Object.entries(op.responses ?? {}).some(
          ([code, answer]) =>
            /^2\d\d$/.test(code) &&
            (code === '204' || Object.keys(answer.content ?? {}).length > 0),
        );
        if (!ok) untyped.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(untyped).toEqual([]);
  });

  it('declares the one error body for 4xx answers', () => {
    const login = doc.paths['/auth/user/login-web']!.post!;
    const schema = (login.responses?.['4XX']?.content?.['application/json'] as { schema: object })
      .schema;
    expect(schema).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' } },
    });
  });

  it('generates TypeScript a client type-checks against, and a wrong field name fails', async () => {
    const types = astToString(await openapiTS(doc as never));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), types);

    expect(typeErrors(dir, clientSource(false))).toEqual([]);
    // Proves the check above is not vacuous: the same client with one misspelt field fails.
    const errors = typeErrors(dir, clientSource(true));
    expect(errors.join('\n')).toMatch(/Property 'skil' does not exist/);
  }, 60_000);
});
