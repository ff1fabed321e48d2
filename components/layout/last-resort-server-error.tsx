'use client';

import { lazy, Suspense } from 'react';

/** Shown when the error body's chunk cannot load either (offline, or a deploy removed it): reload is the way on. */
function UnloadedServerError() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:py-24" aria-labelledby="error-title">
      <p className="text-6xl font-bold text-primary sm:text-7xl" data-testid="error-status">
        500
      </p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold sm:text-3xl">
        Internal Server Error
      </h1>
      <p className="mt-4 text-lg text-muted">A apărut o eroare neașteptată și nu am putut afișa pagina.</p>
      <div className="mt-8">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reîncărcați pagina
        </button>
      </div>
    </section>
  );
}

const ServerErrorBody = lazy(() =>
  import('./server-error').then(
    (m) => ({ default: m.ServerError }),
    () => ({ default: UnloadedServerError }),
  ),
);

/**
 * app/global-error.tsx's body: the same lazily loaded `ServerError` as the other boundaries (lazy-server-error.tsx),
 * but nothing stands above this boundary, so a chunk that cannot load falls back to a plain message here.
 */
export function LastResortServerError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ServerErrorBody error={error} retry={retry} />
    </Suspense>
  );
}
