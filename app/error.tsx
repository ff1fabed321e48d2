'use client';

import { LazyServerError } from '@/components/layout/lazy-server-error';

/** Errors in a group layout: the root layout still stands, so the page shows just the error. */
export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="continut" className="flex-1">
      <title>Internal Server Error</title>
      <LazyServerError error={error} retry={retry} />
    </main>
  );
}
