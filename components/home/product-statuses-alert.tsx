'use client';

import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { listProducts } from '@/lib/api/products';
import { useLiveStatuses } from './live-statuses-context';

/** Shown while the product statuses are unknown (backend unreachable), with a retry. */
export function ProductStatusesAlert() {
  const statuses = useLiveStatuses();
  const [retrying, setRetrying] = useState(false);
  if (statuses !== null) return null;
  // Any products answer carries the statuses header, which useLiveProductStatuses picks up from the product store.
  const retry = () => {
    setRetrying(true);
    listProducts()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    <LoadError
      title="Nu am putut verifica disponibilitatea produselor"
      message="Serverul nu răspunde momentan. Reîncercăm automat; puteți încerca și acum."
      onRetry={retry}
      retrying={retrying}
    />
  );
}
