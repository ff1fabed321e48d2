'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LoadError } from './load-error';

/**
 * A server-rendered section whose data could not be read: the retry (the button, and automatically with
 * backoff) re-runs the page's server components (router.refresh), so the visitor recovers without reloading.
 */
export function ReloadError({ title, message, referenceCode }: { title?: string; message?: string; referenceCode?: string | null }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <LoadError
      title={title}
      message={message}
      referenceCode={referenceCode}
      retrying={pending}
      onRetry={() => startTransition(() => router.refresh())}
    />
  );
}
