import type { Metadata } from 'next';
import Link from 'next/link';
import { ThankYouStatus } from '@/components/checkout/thank-you-status';
import { Alert } from '@/components/ui/alert';
import { ReloadError } from '@/components/ui/reload-error';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { loadOrderForThankYou } from '@/lib/shop/server';

export const metadata: Metadata = {
  title: 'Mulțumim pentru comandă',
  description: 'Confirmarea comenzii dumneavoastră de asigurare.',
};

/** The processor returns here with `?order_id=…&payment_id=…`; the status shown is the backend's, read now. */
export default async function ThankYouPage({ searchParams }: { searchParams: Promise<{ order_id?: string | string[] }> }) {
  const raw = (await searchParams).order_id;
  const result = await loadOrderForThankYou(Array.isArray(raw) ? raw[0] : raw);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Mulțumim pentru comandă!">
        <p>Aici vedeți starea reală a comenzii, așa cum ne-a confirmat-o procesatorul de plăți.</p>
      </PageHeader>
      {result.kind === 'found' ? (
        <ThankYouStatus initialOrder={result.order} />
      ) : result.kind === 'unavailable' ? (
        <ReloadError
          title="Nu am putut citi starea comenzii"
          message="Serverul nu răspunde momentan. Plata dumneavoastră este în siguranță: starea comenzii se confirmă și fără această pagină."
          referenceCode={result.referenceCode}
        />
      ) : (
        <Alert tone="warning" title="Nu am găsit comanda">
          Verificați starea comenzilor în{' '}
          <Link className="text-primary underline" href="/account/orders">
            Comenzile mele
          </Link>
          .
        </Alert>
      )}
    </Container>
  );
}
