import type { Metadata } from 'next';
import { TireShop } from '@/components/tire/tire-shop';
import { Container } from '@/components/ui/container';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadRenewal } from '@/lib/shop/renewal';
import { currentPartnerCode, loadProductPageData } from '@/lib/shop/server';

export const metadata: Metadata = {
  title: 'Michelin TireSecure+',
  description: 'Garanția Michelin pentru anvelope: înregistrare online în 30 de zile de la cumpărarea a 4 anvelope noi.',
};

export default async function MichelinTireSecurePage({ searchParams }: { searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[] }> }) {
  const [partnerCode, { product }, renewal] = await Promise.all([
    currentPartnerCode(),
    loadProductPageData('michelin-tiresecureplus'),
    searchParams.then((s) => loadRenewal(s, 'michelin-tiresecureplus')),
  ]);
  return (
    <>
      <div className="bg-michelin-blue text-white">
        <Container className="py-10 sm:py-14">
          <p className="mb-2 inline-block rounded bg-michelin-yellow px-2 py-0.5 text-sm font-bold text-michelin-blue">
            Michelin
          </p>
          <h1 className="text-3xl font-bold sm:text-4xl">Michelin TireSecure+</h1>
          <p className="mt-3 max-w-3xl text-lg opacity-90">
            Ați cumpărat un set de 4 anvelope noi Michelin pentru autoturism sau SUV? Înregistrați-le online în cel mult 30
            de zile de la cumpărare și beneficiați de protecție pentru avariile accidentale.
          </p>
        </Container>
      </div>
      <Container className="py-10">
        <ul className="mb-8 grid max-w-3xl list-disc gap-2 pl-6 text-muted">
          <li>Acoperă până la 2 anvelope în primele 12 luni de la cumpărare.</li>
          <li>Daunele se rezolvă la un service partener eligibil.</li>
          <li>Aveți nevoie de factura de cumpărare: data cumpărării și numărul facturii.</li>
        </ul>
        <h2 className="mb-4 text-2xl font-semibold">Înregistrați anvelopele</h2>
        <RenewalNotice notice={renewal.notice} />
        <TireShop michelin partnerCode={partnerCode} productAvailable={product?.is_available ?? null} renewal={renewal.values} />
      </Container>
    </>
  );
}
