import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { TwoFactorSetup } from '@/components/auth/two-factor-setup';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { sendPendingSessionToCheck } from '@/lib/account/customer';

export const metadata: Metadata = {
  title: 'Autentificare în doi pași',
  description: 'Configurați autentificarea în doi pași pentru contul dumneavoastră.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** First value of a query parameter. */
function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export default async function TwoFactorSetupPage({ searchParams }: Props) {
  const query = await searchParams;
  const lastUrl = first(query.last_url);
  await sendPendingSessionToCheck(lastUrl ? `/account/2fa?last_url=${encodeURIComponent(lastUrl)}` : '/account/2fa');
  return (
    <>
      <PageHeader title="Configurați autentificarea în doi pași">
        <p>Pentru siguranța contului, adăugați un al doilea pas la autentificare: un cod generat de aplicația de autentificare de pe telefon.</p>
      </PageHeader>
      <CaptchaProvider>
        <TwoFactorSetup lastUrl={lastUrl} />
      </CaptchaProvider>
    </>
  );
}
