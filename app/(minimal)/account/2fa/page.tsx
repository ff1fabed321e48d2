import type { Metadata } from 'next';
import { AuthPageShell } from '@/components/auth/auth-page-shell';
import { TwoFactorSetup } from '@/components/auth/two-factor-setup';
import { routeByTwoFactorState } from '@/lib/account/customer';
import { firstParam, type PageSearchParams } from '@/lib/search-params';

export const metadata: Metadata = {
  title: 'Autentificare în doi pași',
  description: 'Configurați autentificarea în doi pași pentru contul dumneavoastră.',
};

export default async function TwoFactorSetupPage({ searchParams }: { searchParams: PageSearchParams }) {
  const lastUrl = firstParam((await searchParams).last_url);
  await routeByTwoFactorState(lastUrl ? `/account/2fa?last_url=${encodeURIComponent(lastUrl)}` : '/account/2fa');
  return (
    <AuthPageShell
      title="Configurați autentificarea în doi pași"
      intro="Pentru siguranța contului, adăugați un al doilea pas la autentificare: un cod generat de aplicația de autentificare de pe telefon."
    >
      <TwoFactorSetup lastUrl={lastUrl} />
    </AuthPageShell>
  );
}
