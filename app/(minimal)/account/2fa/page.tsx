import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Autentificare în doi pași',
  description: 'Configurează autentificarea în doi pași pentru contul tău.',
};

export default function TwoFactorSetupPage() {
  return (
    <>
      <PageHeader title="Configurează autentificarea în doi pași">
        <p>Pentru siguranța contului, adaugă un al doilea pas la autentificare: un cod generat de aplicația de autentificare de pe telefon.</p>
      </PageHeader>

    </>
  );
}
