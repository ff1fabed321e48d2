import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { PartnerBadge } from '@/components/layout/partner-badge';
import { RcaShop } from '@/components/rca/rca-shop';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { RenewalNotice } from '@/components/products/renewal-notice';
import { loadRenewal } from '@/lib/shop/renewal';
import { currentPartner, loadProductPageData } from '@/lib/shop/server';
import { normalizePlate, normalizeVin } from '@/contract/formats';
import { rcaQuotePath } from '@/lib/validation/plate-entry';
import type { RcaFormValues } from '@/contract/products/rca-values';
import { ProductCache } from '@/components/products/product-cache';

export const metadata: Metadata = {
  title: 'Asigurare RCA',
  description: 'Calculați online asigurarea RCA după numărul de înmatriculare și seria de șasiu și comparați ofertele asigurătorilor.',
};

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 40) ?? '';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `/rca/:registration_plate?/:vin?`, also serving `/rca-:partner_code/…` (rewritten by proxy.ts).
 * The plate is always shown in upper case.
 */
export default async function RcaPage({
  params,
  searchParams,
}: {
  params: Promise<{ params?: string[] }>;
  searchParams: Promise<{ renew?: string | string[]; reinnoire?: string | string[]; registration_plate?: string | string[]; vin?: string | string[] }>;
}) {
  const segments = (await params).params ?? [];
  if (segments.length > 2) notFound();
  const query = await searchParams;
  // The home page's plate box without JavaScript (GET /rca?registration_plate=…&vin=…): to the prefilled quote,
  // or back to the box with what was typed, which shows why it was refused.
  if (segments.length === 0 && query.registration_plate !== undefined) {
    const typed = { plate: firstOf(query.registration_plate), vin: firstOf(query.vin) };
    const path = rcaQuotePath(typed.plate, typed.vin);
    if (path) redirect(path);
    redirect(`/?${new URLSearchParams({ registration_plate: typed.plate, vin: typed.vin })}#rca-rapid-titlu`);
  }
  const plate = segments[0] ? normalizePlate(decodeSegment(segments[0])) : null;
  const vin = segments[1] ? normalizeVin(decodeSegment(segments[1])) : null;
  const [partner, { product, statuses }, renewed] = await Promise.all([
    currentPartner(),
    loadProductPageData('rca'),
    loadRenewal(query, 'rca'),
  ]);

  return (
    <Container className="py-10 sm:py-14">
      {partner ? <PartnerBadge name={partner.name} /> : null}
      <PageHeader title="Asigurare RCA">
        <p>
          Introduceți numărul de înmatriculare și seria de șasiu (VIN), completați datele proprietarului și comparați ofertele
          RCA ale asigurătorilor, cu sau fără decontare directă.
        </p>
      </PageHeader>
      <RenewalNotice notice={renewed.notice} />
      <ProductCache code="rca" product={product} statuses={statuses} />
      <RcaShop
        plate={plate}
        vin={vin}
        partnerCode={partner?.code ?? null}
        initialStatuses={statuses}
        productAvailable={product?.is_available ?? null}
        renewal={renewed.values as Partial<RcaFormValues> | null}
      />
    </Container>
  );
}
