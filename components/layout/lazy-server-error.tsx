'use client';

import { lazy, Suspense } from 'react';

/** The error body's own chunk, for React.lazy (also the global boundary's, last-resort-server-error.tsx). */
export const loadServerError = () => import('./server-error').then((m) => ({ default: m.ServerError }));

const ServerErrorBody = lazy(loadServerError);

/**
 * The error boundaries' body, fetched when an error happens. Every page loads every boundary above it with its
 * first JavaScript, and Turbopack copies a statically imported `ServerError` into each boundary's chunk (about
 * 1.2 KB gzip each on `/`, issue 17). If the body cannot load, the failure rises to the boundary above, up to
 * app/global-error.tsx, which has a plain stand-in (last-resort-server-error.tsx).
 */
export function LazyServerError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ServerErrorBody error={error} retry={retry} />
    </Suspense>
  );
}
