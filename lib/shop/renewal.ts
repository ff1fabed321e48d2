import { backendFetch } from '@/lib/api/server';

/** Dates of an old policy never carry over to its renewal. */
const DROPPED = new Set(['start_date', 'end_date', 'purchase_date']);

/** A policy's quote input as form values: numbers as typed text, nulls as empty, old dates dropped. */
export function formValuesFromInput(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(formValuesFromInput);
  if (input === null || input === undefined) return '';
  if (typeof input === 'number') return String(input);
  if (typeof input !== 'object') return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (DROPPED.has(key)) continue;
    out[key] = formValuesFromInput(value);
  }
  return out;
}

/** Server only: the quote input of one of the customer's policies (`?renew=<id>`), or null. */
export async function loadRenewalInput(renew: string | string[] | undefined, productCode: string): Promise<Record<string, unknown> | null> {
  const id = Array.isArray(renew) ? renew[0] : renew;
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  try {
    const policy = await backendFetch<{ product_code: string; input: Record<string, unknown> }>(`/api/v1/policies/${id}`);
    if (policy.product_code !== productCode) return null;
    return policy.input ?? null;
  } catch {
    return null;
  }
}
