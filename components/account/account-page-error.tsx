'use client';

import { Container } from '@/components/ui/container';
import { LoadError } from '@/components/ui/load-error';

/** The body of an account page's error.tsx: what failed and a retry that reloads the page's data. */
export function AccountPageError({ title, retry }: { title: string; retry: () => void }) {
  return (
    <Container className="py-10 sm:py-14">
      <h1 className="mb-6 text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
      <LoadError onRetry={retry} />
    </Container>
  );
}
