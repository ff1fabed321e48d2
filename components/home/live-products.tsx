'use client';

import type { ReactNode } from 'react';
import type { ProductStatus } from '@/contract/types';
import { LiveStatusesContext } from './live-statuses-context';
import { useLiveProductStatuses } from './use-live-product-statuses';

/**
 * Keeps the home page's product statuses live for the server-rendered cards and vignette flags below it: their
 * client leaves (ProductStart, VignetteFlagItem, ProductStatusesAlert) read them. The products' texts stay on the
 * server (issue 17).
 */
export function LiveProducts({ initialStatuses, pollMs, children }: { initialStatuses: ProductStatus | null; pollMs?: number; children: ReactNode }) {
  const statuses = useLiveProductStatuses(initialStatuses, pollMs);
  return <LiveStatusesContext value={statuses}>{children}</LiveStatusesContext>;
}
