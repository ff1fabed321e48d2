#!/usr/bin/env node
/**
 * Bundles the reference backend (TypeScript) into one ES module, backend/dist/main.mjs, in well under a second.
 * Running the bundle with plain node keeps the server's memory ~30 MB lower than a TypeScript loader would
 * (the backend's memory target is 150 MB RSS under load). Packages stay external (node_modules).
 */
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

export const BACKEND_BUNDLE = 'backend/dist/main.mjs';

export async function buildBackend() {
  await build({
    entryPoints: ['backend/src/main.ts'],
    outfile: BACKEND_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return BACKEND_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildBackend();
}
