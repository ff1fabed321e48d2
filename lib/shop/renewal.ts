import { backendFetch } from '@/lib/api/server';
import { renewalStartDay } from '@/lib/policies/renewal';

/** Dates of an old policy never carry over to its renewal. */
const DROPPED = new Set(['start_date', 'end_date', 'purchase_date', 'renewal_of']);

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

export type RenewedPolicy = { id: number; product_code: string; ends_on: string; input: Record<string, unknown> };

/** Server only: one of the customer's policies to renew (`?renew=<id>`), or null (not theirs, another product). */
export async function loadRenewedPolicy(renew: string | string[] | undefined, productCode: string): Promise<RenewedPolicy | null> {
  const id = Array.isArray(renew) ? renew[0] : renew;
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  try {
    const policy = await backendFetch<RenewedPolicy>(`/api/v1/policies/${id}`);
    if (policy.product_code !== productCode || !policy.input) return null;
    return policy;
  } catch {
    return null;
  }
}

/** Server only: the quote input of one of the customer's policies (`?renew=<id>`), or null. */
export async function loadRenewalInput(renew: string | string[] | undefined, productCode: string): Promise<Record<string, unknown> | null> {
  return (await loadRenewedPolicy(renew, productCode))?.input ?? null;
}

/**
 * The RCA form values of a renewal: the old policy's data, starting the day after it ends (tomorrow when it has
 * ended), with the renewed policy named so that the start may lie beyond the usual 30 days (DOMAIN.md).
 */
export function rcaRenewalValues(policy: RenewedPolicy, today: string): Record<string, unknown> {
  return {
    ...(formValuesFromInput(policy.input) as Record<string, unknown>),
    start_date: renewalStartDay(policy.ends_on, today),
    renewal_of: String(policy.id),
    renewal_ends_on: policy.ends_on,
  };
}
