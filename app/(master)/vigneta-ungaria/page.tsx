import type { Metadata } from 'next';
import { ProductCache } from '@/components/products/product-cache';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { VignetteShop } from '@/components/vignettes/vignette-shop';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadVignetteRenewal } from '@/lib/shop/renewal';
import { vignetteOptions } from '@/lib/vignettes/catalog';
import { loadProductPageData } from '@/lib/shop/server';

export const metadata: Metadata = {
  title: 'Vinietă Ungaria (e-matrica)',
  description: 'E-matrica pentru autostrăzile din Ungaria: 1 zi, 10 zile, o lună, un an sau anuală pe județ, plătită în lei.',
};

/**
 * `?renew=<id>` ("Cumpărați din nou" on one of the customer's vignettes) and `?reinnoire=<token>` (an expiry reminder's
 * link) prefill the vehicle and the choices, starting the day after the old vignette ends.
 */
export default async function VignetaUngariaPage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [{ product, statuses }, query] = await Promise.all([loadProductPageData('hu-vignette'), searchParams]);
  const renewal = await loadVignetteRenewal(query, 'hu-vignette', vignetteOptions(product)?.start_date.max_days_ahead ?? 30);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Vinietă Ungaria (e-matrica)">
        <p>
          E-matrica pentru autostrăzile din Ungaria, legată de numărul de înmatriculare. Alegeți categoria vehiculului, data
          de început și perioada: 1 zi (autoturisme), 10 zile, o lună, un an sau anuală pe județe. Dovada achiziției vă
          sosește pe email, în format PDF.
        </p>
      </PageHeader>
      <RenewalNotice notice={renewal.notice} vignette />
      <ProductCache code="hu-vignette" product={product} statuses={statuses} />
      <VignetteShop
        kind="hu"
        product={product}
        initialStatuses={statuses}
        renewal={renewal.values}
      />
    </Container>
  );
}
