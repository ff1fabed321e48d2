import type { Metadata } from 'next';
import Link from 'next/link';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Mulțumim pentru comandă',
  description: 'Confirmarea comenzii tale de asigurare.',
};

export default function ThankYouPage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Mulțumim pentru comandă!">
        <p>Am primit comanda ta. După ce procesatorul de plăți confirmă plata, emitem polița și ți-o trimitem pe email.</p>
      </PageHeader>
      <p className="max-w-3xl text-muted">
        Poți urmări starea comenzii oricând în <Link className="text-primary underline" href="/account/orders">Comenzile mele</Link>.
      </p>
    </Container>
  );
}
