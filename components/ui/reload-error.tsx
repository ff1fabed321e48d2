'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LoadError } from './load-error';

/**
 * A server-rendered section whose data could not be read: the retry re-runs the page's server components
 * (router.refresh), so the visitor recovers without reloading the page.
 */
export function ReloadError({ title, message }: { title?: string; message?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <LoadError
      title={title}
      message={message}
      retrying={pending}
      onRetry={() => startTransition(() => router.refresh())}
    />
  );
}
