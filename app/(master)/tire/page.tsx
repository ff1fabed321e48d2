import type { Metadata } from 'next';
import Link from 'next/link';
import { TireShop } from '@/components/tire/tire-shop';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadRenewal } from '@/lib/shop/renewal';
import { currentPartnerCode, loadProductPageData } from '@/lib/shop/server';
import { ProductCache } from '@/components/products/product-cache';

export const metadata: Metadata = {
  title: 'Asigurare pentru anvelope',
  description: 'Asigurați anvelopele noi împotriva avariilor accidentale: înlocuire sau reparație, pe 1 până la 3 ani.',
};

export default async function TirePage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [partnerCode, { product, statuses }, renewal] = await Promise.all([
    currentPartnerCode(),
    loadProductPageData('tire'),
    searchParams.then((s) => loadRenewal(s, 'tire')),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Asigurare pentru anvelope">
        <p>Protejați anvelopele noi împotriva avariilor accidentale de pe drum: tăieturi, înțepături, umflături sau deformări.</p>
      </PageHeader>
      <ul className="mb-8 grid max-w-3xl list-disc gap-2 pl-6 text-muted">
        <li>Pentru cel puțin 2 anvelope noi, standard sau run-flat.</li>
        <li>Perioadă de 1, 2 sau 3 ani, cu o limită anuală și sume per anvelopă pentru înlocuire și reparație.</li>
        <li>Ați cumpărat 4 anvelope Michelin? Vedeți și garanția <Link className="text-primary underline" href="/michelin-tiresecureplus">Michelin TireSecure+</Link>.</li>
      </ul>
      <RenewalNotice notice={renewal.notice} />
      <ProductCache code="tire" product={product} statuses={statuses} />
      <TireShop
        partnerCode={partnerCode}
        productAvailable={product?.is_available ?? null}
        renewal={renewal.values}
      />
    </Container>
  );
}
