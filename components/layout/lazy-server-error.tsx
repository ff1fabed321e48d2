'use client';

import { lazy, Suspense } from 'react';

/**
 * The error boundaries' body, fetched when an error happens. Every page loads every boundary above it with its
 * first JavaScript, and Turbopack copies a statically imported `ServerError` into each boundary's chunk (1.2 KB
 * gzip each on `/`, issue 17). If this chunk cannot load either, the error rises to app/global-error.tsx, which
 * keeps a static copy as the last resort.
 */
const ServerErrorBody = lazy(() => import('./server-error').then((m) => ({ default: m.ServerError })));

export function LazyServerError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ServerErrorBody error={error} retry={retry} />
    </Suspense>
  );
}
