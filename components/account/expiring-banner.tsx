import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Container } from '@/components/ui/container';
import type { Policy } from '@/lib/api/policies';
import { backendFetch } from '@/lib/api/server';
import { expiringUnrenewed } from '@/lib/policies/group';
import { renewalHref } from '@/contract/renewal';
import { getSessionToken } from '@/lib/session/server';
import { toBucharestDay } from '@/lib/time';
import { formatDay } from '@/contract/format-day';

/** "O poliță expiră în curând", "2 viniete expiră în curând", "3 polițe și viniete expiră în curând". */
function bannerTitle(count: number, vignettes: number): string {
  if (vignettes === 0) return count === 1 ? 'O poliță expiră în curând' : `${count} polițe expiră în curând`;
  if (vignettes === count) return count === 1 ? 'O vinietă expiră în curând' : `${count} viniete expiră în curând`;
  return `${count} polițe și viniete expiră în curând`;
}

/**
 * Server only. On every account page: the customer's policies and vignettes that end within 30 days and were not
 * renewed, each with its end date and a link to the prefilled renewal. Rendered with the page (no layout shift);
 * nothing when there is none or the policies cannot be read (the page itself reports a failed session).
 */
export async function ExpiringBanner() {
  const token = await getSessionToken();
  if (!token) return null;
  let policies: Policy[];
  try {
    policies = await backendFetch<Policy[]>('/api/v1/policies', { token });
  } catch {
    return null;
  }
  const items = expiringUnrenewed(policies, toBucharestDay(new Date()));
  if (items.length === 0) return null;
  return (
    <Container className="pt-6">
      <Alert tone="warning" title={bannerTitle(items.length, items.filter((p) => p.is_vignette).length)}>
        <ul className="mt-1 flex flex-col gap-2">
          {items.map((policy) => {
            const href = renewalHref(policy);
            const what = `${policy.product_name}, ${policy.insured_object}`;
            return (
              <li key={policy.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>
                  {what}: valabilă până la <strong>{formatDay(policy.ends_on)}</strong> inclusiv.
                </span>
                {href ? (
                  <Link href={href} className="font-semibold text-primary underline" aria-label={`Reînnoiți: ${what}`}>
                    Reînnoiți
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Alert>
    </Container>
  );
}
