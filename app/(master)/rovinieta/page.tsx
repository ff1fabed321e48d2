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
  title: 'Rovinietă',
  description: 'Rovinieta electronică pentru drumurile naționale din România: categoria A–H, de la 1 zi la 12 luni, plătită în lei.',
};

/**
 * `?renew=<id>` ("Cumpărați din nou" on one of the customer's vignettes) and `?reinnoire=<token>` (an expiry reminder's
 * link) prefill the vehicle and the choices, starting the day after the old vignette ends.
 */
export default async function RovinietaPage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [{ product, statuses }, query] = await Promise.all([loadProductPageData('ro-vignette'), searchParams]);
  const renewal = await loadVignetteRenewal(query, 'ro-vignette', vignetteOptions(product)?.start_date.max_days_ahead ?? 30);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Rovinietă">
        <p>
          Rovinieta electronică pentru drumurile naționale din România, legată de numărul de înmatriculare: nu se lipește
          nimic pe parbriz. Alegeți categoria vehiculului, data de început și perioada; dovada achiziției vă sosește pe
          email, în format PDF.
        </p>
      </PageHeader>
      <RenewalNotice notice={renewal.notice} vignette />
      <ProductCache code="ro-vignette" product={product} statuses={statuses} />
      <VignetteShop
        kind="ro"
        product={product}
        initialStatuses={statuses}
        renewal={renewal.values}
      />
    </Container>
  );
}
