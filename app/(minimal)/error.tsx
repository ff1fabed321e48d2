'use client';

import { LazyServerError } from '@/components/layout/lazy-server-error';

/** Errors in a minimal-layout page (sign-in, two-factor, payment redirect). */
export default function MinimalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <>
      <title>Internal Server Error</title>
      <LazyServerError error={error} retry={retry} />
    </>
  );
}
