import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PartnerBadge } from '@/components/layout/partner-badge';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { normalizePlate, normalizeVin } from '@/lib/validation/formats';
import { getRequestPartnerCode } from '@/themes/request-theme';

export const metadata: Metadata = {
  title: 'Asigurare RCA',
  description: 'Calculează online asigurarea RCA după numărul de înmatriculare și seria de șasiu și compară ofertele asigurătorilor.',
};

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
export default async function RcaPage({ params }: { params: Promise<{ params?: string[] }> }) {
  const segments = (await params).params ?? [];
  if (segments.length > 2) notFound();
  const plate = segments[0] ? normalizePlate(decodeSegment(segments[0])) : null;
  const vin = segments[1] ? normalizeVin(decodeSegment(segments[1])) : null;
  const partnerCode = await getRequestPartnerCode();

  return (
    <Container className="py-10 sm:py-14">
      {partnerCode ? <PartnerBadge code={partnerCode} /> : null}
      <PageHeader title="Asigurare RCA">
        <p>
          Introdu numărul de înmatriculare și seria de șasiu (VIN), completează datele proprietarului și compară ofertele
          RCA ale asigurătorilor, cu sau fără decontare directă.
        </p>
      </PageHeader>
      {plate || vin ? (
        <dl className="grid max-w-xl gap-3 rounded-xl border border-border bg-surface p-5 sm:grid-cols-2">
          {plate ? (
            <div>
              <dt className="text-sm text-muted">Număr de înmatriculare</dt>
              <dd className="font-mono text-lg font-semibold" data-testid="rca-plate">
                {plate}
              </dd>
            </div>
          ) : null}
          {vin ? (
            <div>
              <dt className="text-sm text-muted">Serie de șasiu (VIN)</dt>
              <dd className="font-mono text-lg font-semibold break-all" data-testid="rca-vin">
                {vin}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </Container>
  );
}
