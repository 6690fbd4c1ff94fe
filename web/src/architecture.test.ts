import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, fileGraph, folderGraph } from '../../scripts/lib/import-graph.mjs';

/*
 * The web's features stand in layers: a feature may use another only if that one does not use
 * it back, through any chain of features, and only through its front door (index.ts, or api.ts
 * for data hooks). eslint.config.js says the second for static imports as they are written;
 * this test holds both for every import, dynamic ones and tests included.
 */
const FEATURES = path.resolve(import.meta.dirname, 'features');
const FRONT_DOORS = new Set(['index.ts', 'api.ts']);

describe('web features', () => {
  const files = fileGraph(FEATURES);

  it('import each other without a folder cycle', () => {
    expect(cycles(folderGraph(files))).toEqual([]);
  });

  it('have no import cycle between files', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('reach another feature only through its index.ts or api.ts', () => {
    const backDoors = [...files].flatMap(([from, targets]) =>
      targets
        .filter((t) => {
          const [feature, ...rest] = t.split(path.sep);
          return (
            feature !== '..' &&
            feature !== from.split(path.sep)[0] &&
            !(rest.length === 1 && FRONT_DOORS.has(rest[0]!))
          );
        })
        .map((t) => `${from} -> ${t}`),
    );
    expect(backDoors).toEqual([]);
  });
});
