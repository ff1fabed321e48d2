import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry into one ES module for plain `node`, in well under a second. Packages stay
 * external (node_modules); `@/` imports are bundled (tsconfig paths). Used for the reference backend and the
 * web server: running a bundle keeps a server's memory ~30 MB lower than a TypeScript loader would.
 */
export async function bundleNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}
