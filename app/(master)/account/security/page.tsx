import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { SecuritySettings } from '@/components/auth/security-settings';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { routeByTwoFactorState } from '@/lib/account/customer';
import { twoFactorRequiredNow } from '@/lib/session/two-factor-state';

export const metadata: Metadata = {
  title: 'Securitate',
  description: 'Parola, autentificarea în doi pași și sesiunile active ale contului.',
};

export default async function SecurityPage() {
  // The page loads its data in the browser, so it checks the session itself: signed in, second factor passed, and
  // two-factor set up when the account must have it (proxy.ts does the same, but it is never the only check).
  const state = await routeByTwoFactorState('/account/security');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Securitatea contului">
        <p>Schimbați parola, administrați autentificarea în doi pași și închideți sesiunile de pe dispozitivele pe care nu le mai folosiți.</p>
      </PageHeader>
      <CaptchaProvider>
        <SecuritySettings twoFactorRequired={state ? twoFactorRequiredNow(state) : null} />
      </CaptchaProvider>
    </Container>
  );
}
