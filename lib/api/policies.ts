/**
 * Policies of the signed-in customer. The PDF streams through the BFF at the same-origin path the backend
 * names in `document_url` (`/api/v1/policies/{id}/document`).
 */
import { api, unwrap, type Envelope } from '@/lib/api/client';
import type { Insurer } from '@/contract/types';

export type PolicyStatus = 'active' | 'expiring' | 'expired';

export type Policy = {
  id: number;
  number: string;
  order_id: number;
  product_code: string;
  product_name: string;
  insurer: Insurer;
  package_name: string;
  starts_on: string;
  ends_on: string;
  status: PolicyStatus;
  amount_bani: number;
  insured_object: string;
  input: Record<string, unknown>;
  document_url: string;
  created_at: string;
  /** Road vignettes (rovinietă, e-matrica) are listed with the policies; `number` is their series. */
  is_vignette?: boolean;
};

/** Same-origin URL of the policy PDF (through the BFF, which adds the bearer). */
export function policyDocumentUrl(policy: Pick<Policy, 'id'>): string {
  return `/api/v1/policies/${encodeURIComponent(String(policy.id))}/document`;
}

/** File name offered to the browser for a policy's PDF. */
export function policyDocumentFileName(policy: Pick<Policy, 'number'>): string {
  return `polita-${policy.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Adds a newly issued policy (realtime `policy.issued`) or replaces it. */
export function mergePolicy(policies: readonly Policy[], issued: Policy): Policy[] {
  const rest = policies.filter((p) => p.id !== issued.id);
  return [issued, ...rest];
}

export async function listPolicies(): Promise<Policy[]> {
  return unwrap(await api.get<Envelope<Policy[]>>('/api/v1/policies'));
}
