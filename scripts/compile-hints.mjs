#!/usr/bin/env node
/**
 * Marks the framework chunks that every page runs at start-up for eager compilation by V8 (Chrome 136+), with
 * the magic comment `//# allFunctionsCalledOnLoad` on their first line.
 *
 * Why: V8 compiles a function the first time it is called, on the main thread. Next.js's start-up calls
 * nearly every function of these chunks (React DOM, the app router, the Turbopack runtime), so most of the
 * start-up task was compiling: a CPU profile of /rca gave about 50 of its 80 ms to lazy compilation. With the
 * hint, V8 compiles these files while they stream in, on a background thread, and the start-up task only runs
 * them. Browsers without the feature ignore the comment.
 *
 * Only the build manifest's `rootMainFiles` get the hint: the chunks every page loads before it hydrates.
 * Page chunks and lazily loaded ones are left lazy, since much of their code runs only on interaction.
 *
 * Idempotent. A source map next to a chunk is shifted by the added line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks (paths relative to `<distDir>/`) that every page evaluates at start-up. */
export function startupChunks(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  return (manifest.rootMainFiles ?? []).filter((file) => file.endsWith('.js'));
}

function shiftSourceMap(mapPath) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  if (Array.isArray(map.sections)) for (const section of map.sections) section.offset.line += 1;
  else map.mappings = `;${map.mappings}`;
  writeFileSync(mapPath, JSON.stringify(map));
}

/** Adds the hint to the start-up chunks of a Next.js build; returns the files it changed. */
export function addCompileHints(distDir = '.next') {
  const changed = [];
  for (const file of startupChunks(distDir)) {
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
  console.log(`[compile-hints] ${changed.length} start-up chunk(s) marked for eager compilation`);
}
