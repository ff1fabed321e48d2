import type { Metadata } from 'next';
import { PartnerBadge } from '@/components/layout/partner-badge';
import { TravelShop } from '@/components/travel/travel-shop';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadRenewal } from '@/lib/shop/renewal';
import { currentPartner, loadProductPageData } from '@/lib/shop/server';
import { ProductCache } from '@/components/products/product-cache';

export const metadata: Metadata = {
  title: 'Asigurare de călătorie',
  description: 'Asigurare medicală de călătorie în străinătate pentru o călătorie sau pentru tot anul, cu oferte de la mai mulți asigurători.',
};

/** Also serves `/travel-:partner_code` (proxy.ts rewrites it here with the x-partner-code header). */
export default async function TravelPage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [partner, { product, statuses }, renewal] = await Promise.all([
    currentPartner(),
    loadProductPageData('travel'),
    searchParams.then((s) => loadRenewal(s, 'travel')),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      {partner ? <PartnerBadge name={partner.name} /> : null}
      <PageHeader title="Asigurare de călătorie">
        <p>
          Alegeți zona, perioada și persoanele care călătoresc și comparați ofertele pentru cheltuieli medicale în
          străinătate, cu opțiuni pentru sporturi de iarnă, anularea călătoriei sau asistență rutieră.
        </p>
      </PageHeader>
      <RenewalNotice notice={renewal.notice} />
      <ProductCache code="travel" product={product} statuses={statuses} />
      <TravelShop
        partnerCode={partner?.code ?? null}
        initialStatuses={statuses}
        productAvailable={product?.is_available ?? null}
        renewal={renewal.values}
      />
    </Container>
  );
}
