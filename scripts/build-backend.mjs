#!/usr/bin/env node
/**
 * Bundles the reference backend (TypeScript) into backend/dist/main.mjs (the backend's memory target is
 * 150 MB RSS under load, so it runs without a TypeScript loader).
 */
import { pathToFileURL } from 'node:url';
import { bundleNode } from './bundle-node.mjs';

export const BACKEND_BUNDLE = 'backend/dist/main.mjs';

export function buildBackend() {
  return bundleNode('backend/src/main.ts', BACKEND_BUNDLE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildBackend();
}
