import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Redirecționare către plată',
  description: 'Te trimitem către pagina securizată a procesatorului de plăți.',
};

export default function PaymentRedirectPage() {
  return (
    <>
      <PageHeader title="Te redirecționăm către plată">
        <p>În câteva momente ajungi pe pagina securizată a procesatorului de plăți. Nu închide această fereastră.</p>
      </PageHeader>

    </>
  );
}
