#!/usr/bin/env node
/**
 * Marks chunks for eager compilation by V8 (Chrome 136+) with the magic comment `//# allFunctionsCalledOnLoad`
 * on their first line. Browsers without the feature ignore the comment.
 *
 * Why: V8 compiles a function the first time it is called, on the main thread. With the hint it compiles the
 * whole file while it streams in, on a background thread, and the main thread only runs it.
 *
 * Which chunks:
 * - the framework chunks every page starts with (the build manifest's `rootMainFiles`: React DOM, the app
 *   router, the Turbopack runtime). Next.js's start-up calls nearly all of their code; a CPU profile of /rca
 *   gave about 50 of the 80 ms start-up task to compiling it.
 * - the chunks loaded on demand (no route lists them among its first-load files: axios, pusher-js, the offers,
 *   the details step, toasts). Their code runs as soon as they arrive, after the first paint. On
 *   /account/policies the axios and pusher-js chunks were 15–27 ms tasks each.
 * Not the pages' own first-load chunks: hinting them too made /rca's first style and layout task slower
 * (its background compilation competes for the CPU with the first paint), for no gain in the start-up task.
 *
 * Idempotent. A source map next to a chunk is shifted by the added line.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function buildManifest(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
}

/** The chunks (paths relative to `<distDir>/`) that every page evaluates at start-up. */
export function startupChunks(distDir) {
  return (buildManifest(distDir).rootMainFiles ?? []).filter((file) => file.endsWith('.js'));
}

function clientReferenceManifests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return clientReferenceManifests(full);
    return name.endsWith('_client-reference-manifest.js') ? [full] : [];
  });
}

/** Every chunk some route loads with its first HTML: its entry files and its (non-async) client components. */
function firstLoadChunks(distDir) {
  const chunks = new Set();
  const add = (file) => chunks.add(file.replace(/^\/?_next\//, ''));
  for (const file of clientReferenceManifests(path.join(distDir, 'server/app'))) {
    const sandbox = {};
    vm.runInNewContext(readFileSync(file, 'utf8'), sandbox);
    for (const manifest of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) files.forEach(add);
      for (const reference of Object.values(manifest.clientModules ?? {})) if (!reference.async) reference.chunks.forEach(add);
    }
  }
  return chunks;
}

/** The chunks only loaded on demand: in static/chunks, but neither a start-up, polyfill nor first-load chunk. */
export function onDemandChunks(distDir) {
  const manifest = buildManifest(distDir);
  const excluded = firstLoadChunks(distDir);
  for (const file of [...(manifest.rootMainFiles ?? []), ...(manifest.polyfillFiles ?? [])]) excluded.add(file);
  return readdirSync(path.join(distDir, 'static/chunks'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `static/chunks/${name}`)
    .filter((file) => !excluded.has(file))
    .sort();
}

function shiftSourceMap(mapPath) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  if (Array.isArray(map.sections)) for (const section of map.sections) section.offset.line += 1;
  else map.mappings = `;${map.mappings}`;
  writeFileSync(mapPath, JSON.stringify(map));
}

/** Adds the hint to the start-up and on-demand chunks of a Next.js build; returns the files it changed. */
export function addCompileHints(distDir = '.next') {
  const changed = [];
  for (const file of [...startupChunks(distDir), ...onDemandChunks(distDir)]) {
    const chunkPath = path.join(distDir, file);
    const source = readFileSync(chunkPath, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(chunkPath, `${COMPILE_HINT}\n${source}`);
    if (existsSync(`${chunkPath}.map`)) shiftSourceMap(`${chunkPath}.map`);
    changed.push(file);
  }
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const changed = addCompileHints(process.argv[2] ?? '.next');
  console.log(`[compile-hints] ${changed.length} chunk(s) marked for eager compilation`);
}
