import type { Metadata } from 'next';
import { HouseShop } from '@/components/house/house-shop';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadRenewal } from '@/lib/shop/renewal';
import { currentPartnerCode, loadProductPageData } from '@/lib/shop/server';
import { ProductCache } from '@/components/products/product-cache';

export const metadata: Metadata = {
  title: 'Asigurare de locuință',
  description: 'Polița obligatorie PAD și asigurarea facultativă a locuinței, calculate online.',
};

export default async function HousePage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [partnerCode, { product, statuses }, renewal] = await Promise.all([
    currentPartnerCode(),
    loadProductPageData('house-insurance'),
    searchParams.then((s) => loadRenewal(s, 'house-insurance')),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Asigurare de locuință">
        <p>Începeți cu polița obligatorie PAD împotriva cutremurului, inundației și alunecărilor de teren, apoi adăugați, dacă doriți, asigurarea facultativă pentru clădire și bunuri.</p>
      </PageHeader>
      <ul className="mb-8 grid max-w-3xl list-disc gap-2 pl-6 text-muted">
        <li>PAD tip A (beton armat, cărămidă): suma asigurată 100.000 lei.</li>
        <li>PAD tip B (alte materiale): suma asigurată 50.000 lei.</li>
        <li>Asigurarea facultativă se poate încheia doar împreună cu o poliță PAD valabilă.</li>
      </ul>
      <RenewalNotice notice={renewal.notice} />
      <ProductCache code="house-insurance" product={product} statuses={statuses} />
      <HouseShop
        partnerCode={partnerCode}
        initialStatuses={statuses}
        productAvailable={product?.is_available ?? null}
        renewal={renewal.values}
      />
    </Container>
  );
}
