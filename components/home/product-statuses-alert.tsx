'use client';

import { lazy, Suspense } from 'react';
import { useLiveStatuses } from './live-statuses-context';

/**
 * The error box with its retry is fetched only when it is needed: the home page's first load carries just this check
 * (issue 17). A page rendered while the backend was unreachable has the box in its HTML already.
 */
const ProductStatusesLoadError = lazy(() =>
  import('./product-statuses-load-error').then((m) => ({ default: m.ProductStatusesLoadError })),
);

/** Shown while the product statuses are unknown (backend unreachable), with a retry. */
export function ProductStatusesAlert() {
  const statuses = useLiveStatuses();
  if (statuses !== null) return null;
  return (
    <Suspense fallback={null}>
      <ProductStatusesLoadError />
    </Suspense>
  );
}
