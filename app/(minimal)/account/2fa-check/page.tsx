import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Verificare în doi pași',
  description: 'Introdu codul de verificare pentru a continua.',
};

export default function TwoFactorCheckPage() {
  return (
    <>
      <PageHeader title="Verificare în doi pași">
        <p>Introdu codul din aplicația de autentificare pentru a confirma că tu ești cel care se autentifică.</p>
      </PageHeader>

    </>
  );
}
