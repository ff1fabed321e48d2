import type { Metadata } from 'next';
import { ProductCache } from '@/components/products/product-cache';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { VignetteShop } from '@/components/vignettes/vignette-shop';
import { formValuesFromInput, loadRenewalInput } from '@/lib/shop/renewal';
import { loadProductPageData } from '@/lib/shop/server';

export const metadata: Metadata = {
  title: 'Rovinietă',
  description: 'Rovinieta electronică pentru drumurile naționale din România: categoria A–H, de la 1 zi la 12 luni, plătită în lei.',
};

/** `?renew=<id>`: "Cumpărați din nou" on one of the customer's vignettes prefills the vehicle and the choices. */
export default async function RovinietaPage({ searchParams }: { searchParams: Promise<{ renew?: string | string[] }> }) {
  const [{ product, statuses }, renewal] = await Promise.all([
    loadProductPageData('ro-vignette'),
    searchParams.then((s) => loadRenewalInput(s.renew, 'ro-vignette')),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Rovinietă">
        <p>
          Rovinieta electronică pentru drumurile naționale din România, legată de numărul de înmatriculare: nu se lipește
          nimic pe parbriz. Alegeți categoria vehiculului, data de început și perioada; dovada achiziției vă sosește pe
          email, în format PDF.
        </p>
      </PageHeader>
      <ProductCache code="ro-vignette" product={product} statuses={statuses} />
      <VignetteShop
        kind="ro"
        product={product}
        initialStatuses={statuses}
        renewal={renewal ? (formValuesFromInput(renewal) as Record<string, unknown>) : null}
      />
    </Container>
  );
}
