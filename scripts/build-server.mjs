#!/usr/bin/env node
/** Bundles the production web server (server/main.ts: Next.js behind the guest page cache) into server/dist/main.mjs. */
import { pathToFileURL } from 'node:url';
import { bundleNode } from './bundle-node.mjs';

export const SERVER_BUNDLE = 'server/dist/main.mjs';

export function buildServer() {
  return bundleNode('server/main.ts', SERVER_BUNDLE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
