import { redirect } from 'next/navigation';
import { ApiError, isTwoFactorRequired, isTwoFactorSetupRequired, referenceCodeOf } from '@/lib/api/errors';
import { backendFetch, backendRequest } from '@/lib/api/server';
import type { Order } from '@/lib/api/orders';
import { parseProductStatuses, PRODUCT_STATUSES_HEADER } from '@/lib/api/product-statuses';
import type { Product, ProductCode, ProductStatus } from '@/contract/types';
import { twoFactorCheckPath, twoFactorSetupPath } from '@/lib/session/two-factor-state';
import { getRequestPartner } from '@/themes/request-theme';

/** Server only: a product page's data (product and the statuses header); nulls when the products host fails. */
export async function loadProductPageData(code: ProductCode): Promise<{ product: Product | null; statuses: ProductStatus | null }> {
  try {
    const answer = await backendRequest<Product>(`/api/v1/products/${code}`, { token: null });
    return { product: answer.data, statuses: parseProductStatuses(answer.headers.get(PRODUCT_STATUSES_HEADER)) };
  } catch {
    return { product: null, statuses: null };
  }
}

/**
 * The partner of this purchase: only a registered partner's route (`/rca-abc`, `/travel-abc`) carries one;
 * a plain product route is the broker's own shop even after a partner visit (README "Partners").
 */
export async function currentPartner(): Promise<{ code: string; name: string } | null> {
  return getRequestPartner();
}

export async function currentPartnerCode(): Promise<string | null> {
  return (await getRequestPartner())?.code ?? null;
}

export type ThankYouOrder =
  | { kind: 'found'; order: Order }
  | { kind: 'missing' }
  /** The backend did not answer (down, 5xx): the page offers a retry instead of "not found". */
  | { kind: 'unavailable'; referenceCode: string | null };

/**
 * The order of the signed-in customer; missing for no session, an unknown id or someone else's order. A session
 * that owes the second factor goes to the check and comes back.
 */
export async function loadOrderForThankYou(orderId: string | undefined): Promise<ThankYouOrder> {
  if (!orderId || !/^\d{1,12}$/.test(orderId)) return { kind: 'missing' };
  try {
    return { kind: 'found', order: await backendFetch<Order>(`/api/v1/orders/${orderId}`) };
  } catch (error) {
    if (isTwoFactorRequired(error)) redirect(twoFactorCheckPath(`/thank-you?order_id=${orderId}`));
    if (isTwoFactorSetupRequired(error)) redirect(twoFactorSetupPath(`/thank-you?order_id=${orderId}`));
    const status = error instanceof ApiError ? error.status : 502;
    return status >= 500 ? { kind: 'unavailable', referenceCode: referenceCodeOf(error) } : { kind: 'missing' };
  }
}
