import type { ProductStatus } from '@/contract/types';

/** Every products answer of the backend carries the product statuses as JSON in this header (SPEC §4). */
export const PRODUCT_STATUSES_HEADER = 'x-site-product-statuses';

/** The statuses of a header value; null when it is missing or malformed (the reader keeps what it has). */
export function parseProductStatuses(raw: unknown): ProductStatus | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const statuses = JSON.parse(raw) as ProductStatus | null;
    return statuses && typeof statuses.updated_at === 'string' ? statuses : null;
  } catch {
    return null;
  }
}
