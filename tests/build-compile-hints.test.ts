// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, startupChunks } from '../scripts/compile-hints.mjs';

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
  for (const name of ['react-dom', 'runtime', 'page', 'polyfills']) {
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

  it('puts the magic comment on the first line of those chunks only', () => {
    expect(addCompileHints(dist)).toEqual(['static/chunks/react-dom.js', 'static/chunks/runtime.js']);
    expect(read('static/chunks/react-dom.js').split('\n')[0]).toBe(COMPILE_HINT);
    expect(read('static/chunks/runtime.js')).toBe(`${COMPILE_HINT}\n(self.TURBOPACK=[]).push("runtime");\n//# sourceMappingURL=runtime.js.map`);
    expect(read('static/chunks/page.js').startsWith('//#')).toBe(false);
    expect(read('static/chunks/polyfills.js').startsWith('//#')).toBe(false);
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
