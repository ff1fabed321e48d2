import { clearDrafts, DRAFT_PREFIX, readDraft, writeDraft } from './draft-store';

/**
 * The order a purchase's details step placed, kept with its drafts (`${flowKey}:order`) so that coming back from
 * the payment page (Back) shows the details step as it was, and "Plasați comanda și plătiți" pays that same
 * order again instead of placing a second one. The drafts go when the order is paid (thank-you page).
 */
export type PlacedOrder = { id: number; request: string };

const key = (flowKey: string) => `${flowKey}:order`;

/** What identifies the order's content: the same quote, offer, customer and consents place the same order. */
export function orderRequestKey(request: unknown): string {
  return JSON.stringify(request);
}

export function readPlacedOrder(flowKey: string): PlacedOrder | null {
  const value = readDraft(key(flowKey)) as PlacedOrder | undefined;
  return value && typeof value.id === 'number' && typeof value.request === 'string' ? value : null;
}

export function rememberPlacedOrder(flowKey: string, order: PlacedOrder): void {
  writeDraft(key(flowKey), order);
}

/** Clears the drafts of the purchase that placed this order (after it is paid). */
export function clearPurchaseOf(orderId: number): void {
  if (typeof window === 'undefined') return;
  let store: Storage;
  try {
    store = window.sessionStorage;
  } catch {
    return;
  }
  const flows: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (!name?.startsWith(DRAFT_PREFIX) || !name.endsWith(':order')) continue;
    const flowKey = name.slice(DRAFT_PREFIX.length, -':order'.length);
    if (readPlacedOrder(flowKey)?.id === orderId) flows.push(flowKey);
  }
  for (const flowKey of flows) clearDrafts(`${flowKey}:`);
}
