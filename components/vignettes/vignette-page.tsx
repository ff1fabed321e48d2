import type { ReactNode } from 'react';
import { ProductCache } from '@/components/products/product-cache';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { VignetteShop } from '@/components/vignettes/vignette-shop';
import { loadVignetteRenewal } from '@/lib/shop/renewal';
import { loadProductPageData } from '@/lib/shop/server';
import { vignetteOptions } from '@/lib/vignettes/catalog';

export type VignettePageSearchParams = Promise<{ renew?: string | string[]; reinnoire?: string | string[] }>;

const CODES = { ro: 'ro-vignette', hu: 'hu-vignette' } as const;

/**
 * Server component: the page of one road vignette (/rovinieta, /vigneta-ungaria). `?renew=<id>` ("Cumpărați din nou"
 * on one of the customer's vignettes) and `?reinnoire=<token>` (an expiry reminder's link) prefill the vehicle and
 * the choices, starting the day after the old vignette ends.
 */
export async function VignettePage({
  kind,
  title,
  intro,
  searchParams,
}: {
  kind: keyof typeof CODES;
  title: string;
  intro: ReactNode;
  searchParams: VignettePageSearchParams;
}) {
  const code = CODES[kind];
  const [{ product, statuses }, query] = await Promise.all([loadProductPageData(code), searchParams]);
  const renewal = await loadVignetteRenewal(query, code, vignetteOptions(product)?.start_date.max_days_ahead ?? 30);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title={title}>
        <p>{intro}</p>
      </PageHeader>
      <RenewalNotice notice={renewal.notice} vignette />
      <ProductCache code={code} product={product} statuses={statuses} />
      <VignetteShop kind={kind} product={product} initialStatuses={statuses} renewal={renewal.values} />
    </Container>
  );
}
