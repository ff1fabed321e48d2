'use client';

import { useEffect } from 'react';
import { useAutoRetry } from '@/components/ui/use-auto-retry';
import { ErrorView } from './error-view';

type ErrorWithStatus = { statusCode?: unknown; status?: unknown; digest?: unknown };

/** Status code carried by an error, when it names one in the 4xx/5xx range; 500 otherwise. */
export function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as ErrorWithStatus;
    const code = Number(e.statusCode ?? e.status);
    if (Number.isInteger(code) && code >= 400 && code <= 599 && code !== 404) return code;
  }
  return 500;
}

/** Body of every error.tsx: "Internal Server Error" (or the error's status) with a retry button. */
export function ServerError({ error, retry }: { error: unknown; retry?: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // The page renders again by itself, with backoff, until it works (a backend that comes back).
  useAutoRetry(() => retry?.(), Boolean(retry));
  const digest =
    error && typeof error === 'object' && typeof (error as ErrorWithStatus).digest === 'string'
      ? ((error as ErrorWithStatus).digest as string)
      : null;
  return (
    <ErrorView
      statusCode={statusOf(error)}
      description={
        <>
          <p>A apărut o eroare neașteptată și nu am putut afișa pagina. Vă rugăm să încercați din nou peste câteva momente.</p>
          {digest ? <p className="mt-2 text-sm">Cod de referință: {digest}</p> : null}
        </>
      }
    >
      {retry ? (
        <button type="button" className="btn btn-secondary" onClick={() => retry()}>
          Încercați din nou
        </button>
      ) : null}
    </ErrorView>
  );
}
