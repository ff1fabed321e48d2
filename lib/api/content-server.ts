import { cache } from 'react';
import { backendFetch, backendRequest } from '@/lib/api/server';
import type { ProductStatus } from '@/contract/types';
import type { Insurer } from '@/contract/types';
import type { FaqCategory } from '@/lib/api/content';
import { parseProductStatuses, PRODUCT_STATUSES_HEADER } from '@/lib/api/product-statuses';

/**
 * Server-side reads of public content for server components (home, FAQ). Anonymous calls; a failure yields
 * an empty answer so that the home page still renders (the client keeps the statuses current).
 */
export const getProductStatuses = cache(async (): Promise<ProductStatus | null> => {
  try {
    const answer = await backendRequest<unknown>('/api/v1/products', { token: null });
    return parseProductStatuses(answer.headers.get(PRODUCT_STATUSES_HEADER));
  } catch {
    return null;
  }
});

export const getInsurers = cache(async (): Promise<Insurer[]> => {
  try {
    return await backendFetch<Insurer[]>('/api/v1/insurers', { token: null });
  } catch {
    return [];
  }
});

/** The FAQ; throws on failure (the /faq page shows its error state), see `getFaqOrEmpty` for the teaser. */
export const getFaqServer = cache(async (): Promise<FaqCategory[]> => backendFetch<FaqCategory[]>('/api/v1/faq', { token: null }));

export async function getFaqOrEmpty(): Promise<FaqCategory[]> {
  try {
    return await getFaqServer();
  } catch {
    return [];
  }
}
