'use client';

import { lazy, Suspense } from 'react';
import { ErrorView } from './error-view';
import { loadServerError } from './lazy-server-error';

/** Shown when the error body's chunk cannot load either (offline, or a deploy removed it): reload is the way on. */
function UnloadedServerError() {
  return (
    <ErrorView description={<p>A apărut o eroare neașteptată și nu am putut afișa pagina.</p>}>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        Reîncărcați pagina
      </button>
    </ErrorView>
  );
}

const ServerErrorBody = lazy(() => loadServerError().catch(() => ({ default: UnloadedServerError })));

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
