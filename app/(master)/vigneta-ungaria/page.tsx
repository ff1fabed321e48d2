import type { Metadata } from 'next';
import { ProductCache } from '@/components/products/product-cache';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { VignetteShop } from '@/components/vignettes/vignette-shop';
import { formValuesFromInput, loadRenewalInput } from '@/lib/shop/renewal';
import { loadProductPageData } from '@/lib/shop/server';

export const metadata: Metadata = {
  title: 'Vinietă Ungaria (e-matrica)',
  description: 'E-matrica pentru autostrăzile din Ungaria: 1 zi, 10 zile, o lună, un an sau anuală pe județ, plătită în lei.',
};

/** `?renew=<id>`: "Cumpărați din nou" on one of the customer's vignettes prefills the vehicle and the choices. */
export default async function VignetaUngariaPage({ searchParams }: { searchParams: Promise<{ renew?: string | string[] }> }) {
  const [{ product, statuses }, renewal] = await Promise.all([
    loadProductPageData('hu-vignette'),
    searchParams.then((s) => loadRenewalInput(s.renew, 'hu-vignette')),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Vinietă Ungaria (e-matrica)">
        <p>
          E-matrica pentru autostrăzile din Ungaria, legată de numărul de înmatriculare. Alegeți categoria vehiculului, data
          de început și perioada: 1 zi (autoturisme), 10 zile, o lună, un an sau anuală pe județe. Dovada achiziției vă
          sosește pe email, în format PDF.
        </p>
      </PageHeader>
      <ProductCache code="hu-vignette" product={product} statuses={statuses} />
      <VignetteShop
        kind="hu"
        product={product}
        initialStatuses={statuses}
        renewal={renewal ? (formValuesFromInput(renewal) as Record<string, unknown>) : null}
      />
    </Container>
  );
}
