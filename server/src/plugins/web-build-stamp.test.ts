import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  hashWebSources,
  readStamp,
  rebuildReason,
  writeStamp,
} from '../../../scripts/lib/web-build-stamp.mjs';

describe('the web build stamp npm start checks', () => {
  let root: string;
  let dist: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const hash = () => hashWebSources(root);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-stamp-'));
    dist = path.join(root, 'web/dist');
    write('web/src/main.tsx', 'render()');
    write('web/src/pages/home.tsx', 'home');
    write('web/index.html', '<div id="root"></div>');
    write('core/src/index.ts', 'export {}');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('hashes the sources the same way until one of them changes', () => {
    const first = hash();
    expect(hash()).toBe(first);
    write('web/dist/assets/app.js', 'built output is not a source');
    expect(hash()).toBe(first);

    write('web/src/pages/home.tsx', 'home, edited');
    const edited = hash();
    expect(edited).not.toBe(first);
    write('core/src/schema.ts', 'a new file');
    expect(hash()).not.toBe(edited);
  });

  it('counts a renamed file as a change', () => {
    const before = hash();
    fs.renameSync(path.join(root, 'web/src/pages/home.tsx'), path.join(root, 'web/src/home.tsx'));
    expect(hash()).not.toBe(before);
  });

  it('asks for a build when there is none, no stamp, a non-production one or stale sources', () => {
    const sourceHash = hash();
    expect(rebuildReason(dist, sourceHash)).toMatch(/not built/);

    write('web/dist/index.html', '<script src="/assets/app.js"></script>');
    expect(rebuildReason(dist, sourceHash)).toMatch(/no stamp/);

    writeStamp(dist, { mode: 'development', sourceHash, builtAt: new Date().toISOString() });
    expect(rebuildReason(dist, sourceHash)).toMatch(/development build/);

    writeStamp(dist, { mode: 'production', sourceHash, builtAt: new Date().toISOString() });
    expect(rebuildReason(dist, sourceHash)).toBeUndefined();
    expect(readStamp(dist)).toMatchObject({ mode: 'production', sourceHash });

    write('web/src/main.tsx', 'render(<App />)');
    expect(rebuildReason(dist, hash())).toMatch(/sources changed/);
  });

  it('treats an unreadable stamp as none', () => {
    write('web/dist/index.html', '');
    write('web/dist/build-stamp.json', '{ not json');
    expect(readStamp(dist)).toBeUndefined();
    expect(rebuildReason(dist, hash())).toMatch(/no stamp/);
  });
});
