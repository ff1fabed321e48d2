'use client';

import { createContext, useContext } from 'react';
import type { ProductStatus } from '@/contract/types';

/** The home page's live product statuses (<LiveProducts>), for the cards' and flags' client leaves. */
export const LiveStatusesContext = createContext<ProductStatus | null | undefined>(undefined);

export function useLiveStatuses(): ProductStatus | null {
  const statuses = useContext(LiveStatusesContext);
  if (statuses === undefined) throw new Error('useLiveStatuses() needs <LiveProducts>.');
  return statuses;
}
