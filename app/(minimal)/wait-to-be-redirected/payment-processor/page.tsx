import type { Metadata } from 'next';
import { PaymentRedirect } from '@/components/checkout/payment-redirect';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Redirecționare către plată',
  description: 'Vă trimitem către pagina securizată a procesatorului de plăți.',
};

export default async function PaymentRedirectPage({ searchParams }: { searchParams: Promise<{ order_id?: string | string[] }> }) {
  const raw = (await searchParams).order_id;
  const id = Array.isArray(raw) ? raw[0] : raw;
  const orderId = id && /^\d{1,12}$/.test(id) ? id : null;
  return (
    <>
      <PageHeader title="Vă redirecționăm către plată">
        <p>În câteva momente ajungeți pe pagina securizată a procesatorului de plăți. Nu închideți această fereastră.</p>
      </PageHeader>
      <PaymentRedirect orderId={orderId} />
    </>
  );
}
