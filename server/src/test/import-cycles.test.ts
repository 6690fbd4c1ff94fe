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
});
