'use client';

import { LazyServerError } from '@/components/layout/lazy-server-error';

/** Errors in a master-layout page: shown between the header and the footer. */
export default function MasterError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <>
      <title>Internal Server Error</title>
      <LazyServerError error={error} retry={retry} />
    </>
  );
}
