// The import graph of a source tree, and the cycles in it, for the architecture tests
// (web/src/architecture.test.ts): which files import which, which folders import which,
// and every cycle among those folders. Pure Node; specifiers are read with a regex, which is
// enough for our own code: static imports, `export … from`, and dynamic `import('…')`.
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(?:ts|tsx|mts|mjs|js|jsx)$/;
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every source file below `dir` (absolute paths), tests included unless `skip` says not. */
export function sourceFiles(dir, skip = () => false) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !skip(f))
    .sort();
}

/** The relative specifiers one file imports (`./x.ts`, `../y/z.ts`); packages are left out. */
export function relativeImports(source) {
  const found = new Set();
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.')) found.add(spec);
  }
  return [...found];
}

/** file → files it imports, for every file below `dir`, as paths relative to `dir`. */
export function fileGraph(dir, skip) {
  const graph = new Map();
  for (const file of sourceFiles(dir, skip)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = relativeImports(text).map((spec) =>
      path.relative(dir, path.resolve(path.dirname(file), spec)),
    );
    graph.set(path.relative(dir, file), targets);
  }
  return graph;
}

/**
 * folder → folders it imports, where a file's folder is the first path segment below `dir`
 * (`sections/fields/x.tsx` belongs to `sections`); imports leaving `dir` are left out.
 */
export function folderGraph(fileEdges) {
  const top = (p) => (p.includes(path.sep) ? p.split(path.sep)[0] : undefined);
  const graph = new Map();
  for (const [from, targets] of fileEdges) {
    const a = top(from);
    if (!a) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    for (const t of targets) {
      const b = top(t);
      if (b && b !== '..' && b !== a) graph.get(a).add(b);
    }
  }
  return new Map([...graph].map(([k, v]) => [k, [...v].sort()]));
}

/**
 * The strongly connected groups of more than one node (or a node importing itself):
 * each is a cycle, listed as its sorted members. Tarjan's algorithm.
 */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}
