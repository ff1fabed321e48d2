import type { Metadata } from 'next';
import { AuthPageShell } from '@/components/auth/auth-page-shell';
import { TwoFactorCheck } from '@/components/auth/two-factor-check';
import { firstParam, type PageSearchParams } from '@/lib/search-params';

export const metadata: Metadata = {
  title: 'Verificare în doi pași',
  description: 'Introduceți codul de verificare pentru a continua.',
};

export default async function TwoFactorCheckPage({ searchParams }: { searchParams: PageSearchParams }) {
  const query = await searchParams;
  return (
    <AuthPageShell
      title="Verificare în doi pași"
      intro="Introduceți codul din aplicația de autentificare pentru a confirma că dumneavoastră sunteți cel care se autentifică."
    >
      <TwoFactorCheck lastUrl={firstParam(query.last_url)} />
    </AuthPageShell>
  );
}
