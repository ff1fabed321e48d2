// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, onDemandChunks, startupChunks } from '../scripts/compile-hints.mjs';

let dist: string;
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/runtime.js', 'static/chunks/root.css'],
    }),
  );
  // A route's client-reference manifest, as Next writes it: its first-load chunks and its client components.
  const routeDir = path.join(dist, 'server/app/(master)/rca');
  mkdirSync(routeDir, { recursive: true });
  const manifest = {
    clientModules: {
      '[project]/components/rca/rca-form.tsx': { id: 1, name: '*', chunks: ['/_next/static/chunks/form.js'], async: false },
      '[project]/components/products/offer-list.tsx': { id: 2, name: '*', chunks: ['/_next/static/chunks/offers.js'], async: true },
    },
    entryJSFiles: { '[project]/app/layout': ['static/chunks/page.js'] },
  };
  writeFileSync(
    path.join(routeDir, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(master)/rca/page"] = ${JSON.stringify(manifest)};`,
  );
  for (const name of ['react-dom', 'runtime', 'page', 'polyfills', 'form', 'offers', 'axios']) {
    writeFileSync(path.join(dist, `static/chunks/${name}.js`), `(self.TURBOPACK=[]).push("${name}");\n//# sourceMappingURL=${name}.js.map`);
  }
  writeFileSync(path.join(dist, 'static/chunks/react-dom.js.map'), JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: {} }, { offset: { line: 1, column: 0 }, map: {} }] }));
  writeFileSync(path.join(dist, 'static/chunks/runtime.js.map'), JSON.stringify({ version: 3, mappings: 'AAAA' }));
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('compile hints on the start-up chunks', () => {
  it('takes the JavaScript chunks that every page loads from the build manifest', () => {
    expect(startupChunks(dist)).toEqual(['static/chunks/react-dom.js', 'static/chunks/runtime.js']);
  });

  it('finds the chunks only loaded on demand: no route loads them first, and they are not start-up or polyfills', () => {
    expect(onDemandChunks(dist)).toEqual(['static/chunks/axios.js', 'static/chunks/offers.js']);
  });

  it('puts the magic comment on the first line of the start-up and on-demand chunks only', () => {
    expect(addCompileHints(dist)).toEqual([
      'static/chunks/react-dom.js',
      'static/chunks/runtime.js',
      'static/chunks/axios.js',
      'static/chunks/offers.js',
    ]);
    expect(read('static/chunks/react-dom.js').split('\n')[0]).toBe(COMPILE_HINT);
    expect(read('static/chunks/runtime.js')).toBe(`${COMPILE_HINT}\n(self.TURBOPACK=[]).push("runtime");\n//# sourceMappingURL=runtime.js.map`);
    expect(read('static/chunks/offers.js').startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    // A page's first-load chunks (entry files and client components) and the polyfills stay lazily compiled.
    for (const name of ['page', 'form', 'polyfills']) expect(read(`static/chunks/${name}.js`).startsWith('//#')).toBe(false);
  });

  it('shifts source maps by the added line, sectioned or plain', () => {
    addCompileHints(dist);
    const sectioned = JSON.parse(read('static/chunks/react-dom.js.map'));
    expect(sectioned.sections.map((s: { offset: { line: number } }) => s.offset.line)).toEqual([1, 2]);
    expect(JSON.parse(read('static/chunks/runtime.js.map')).mappings).toBe(';AAAA');
  });

  it('changes nothing the second time', () => {
    addCompileHints(dist);
    const once = [read('static/chunks/react-dom.js'), read('static/chunks/react-dom.js.map'), read('static/chunks/runtime.js.map')];
    expect(addCompileHints(dist)).toEqual([]);
    expect([read('static/chunks/react-dom.js'), read('static/chunks/react-dom.js.map'), read('static/chunks/runtime.js.map')]).toEqual(once);
  });
});
