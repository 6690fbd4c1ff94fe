// Types for import-graph.mjs, so the web's TypeScript tests can import it.
export type Graph = Map<string, string[]>;
export function sourceFiles(dir: string, skip?: (file: string) => boolean): string[];
export function relativeImports(source: string): string[];
export function fileGraph(dir: string, skip?: (file: string) => boolean): Graph;
export function folderGraph(fileEdges: Graph): Graph;
export function cycles(graph: Graph): string[][];
