import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Features receive their deps from deps.ts and never import app.ts; a circle means one file
// leans on another's insides. Type-only imports count: ESLint's import/no-cycle skips them,
// yet they tie the files together just as tightly, which is why this is a test, not that rule.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+\.ts)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(RELATIVE_IMPORT)].map((m) =>
      path.resolve(path.dirname(file), m[1]!),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** Every circle found by depth-first search, each as the files around it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * The same graph one level up: each folder of server/src (a feature, or a shared layer such as
 * plugins/ and db/) is one node, each file at the top (app.ts, deps.ts, config.ts…) its own.
 * Tests and test/ are left out: they reach through app.ts to everything by design.
 */
export function folderGraph(root: string, files: Map<string, string[]>): Map<string, string[]> {
  const node = (file: string) => path.relative(root, file).split(path.sep)[0]!;
  const isTest = (file: string) => file.endsWith('.test.ts') || node(file) === 'test';
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    if (isTest(file)) continue;
    const from = node(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const target of targets) if (node(target) !== from) edges.add(node(target));
    graph.set(from, edges);
  }
  return new Map([...graph].map(([from, edges]) => [from, [...edges]]));
}

describe('server imports', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no import circle in server/src', () => {
    const cycles = findCycles(importGraph(SRC)).map((cycle) =>
      cycle.map((file) => path.relative(SRC, file)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a circle between folders, whichever files carry it', () => {
    const root = '/src';
    const files = new Map([
      ['/src/media/media.routes.ts', ['/src/sharing/sharing.repo.ts']],
      ['/src/sharing/sharing.repo.ts', ['/src/media/media-urls.ts']],
      ['/src/media/media-urls.ts', []],
      ['/src/media/media.test.ts', ['/src/hr/hr.repo.ts']],
      ['/src/hr/hr.repo.ts', ['/src/media/media-urls.ts']],
    ]);
    expect(findCycles(folderGraph(root, files))).toEqual([['media', 'sharing']]);
  });

  it('has no import circle between the folders of server/src', () => {
    const graph = folderGraph(SRC, importGraph(SRC));
    const cycles = findCycles(graph).map((cycle) => cycle.join(' -> '));
    expect(cycles).toEqual([]);
  });
});
