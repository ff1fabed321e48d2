'use client';

import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { listProducts } from '@/lib/api/products';

/** The product statuses could not be checked (backend unreachable): what happened, with a retry. */
export function ProductStatusesLoadError() {
  const [retrying, setRetrying] = useState(false);
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
