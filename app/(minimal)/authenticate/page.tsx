import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { AuthPageShell } from '@/components/auth/auth-page-shell';
import { AuthenticateFlow } from '@/components/auth/authenticate-flow';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { getPublicConfig } from '@/lib/config/env';
import { firstParam, type PageSearchParams } from '@/lib/search-params';

export const metadata: Metadata = {
  title: 'Autentificare',
  description: 'Intrați în contul dumneavoastră sau creați un cont nou pentru a vă vedea polițele și comenzile.',
};

export default async function AuthenticatePage({ searchParams }: { searchParams: PageSearchParams }) {
  const query = await searchParams;
  return (
    <AuthPageShell
      title="Intrați în cont"
      intro="Autentificați-vă cu adresa de email și parola sau cu contul Google. Dacă nu aveți încă un cont, îl puteți crea aici."
      notice={
        firstParam(query.session_ended) === '1' ? (
          <Alert tone="warning" className="mx-auto mb-6 w-full max-w-md" title="Sesiunea dumneavoastră s-a încheiat">
            A expirat sau a fost închisă de pe alt dispozitiv. Autentificați-vă din nou pentru a continua de unde ați rămas.
          </Alert>
        ) : null
      }
    >
      <AuthenticateFlow
        lastUrl={firstParam(query.last_url)}
        resetToken={firstParam(query.reset_token)}
        resetEmail={firstParam(query.email)}
        resetPurpose={firstParam(query.purpose) === 'welcome' ? 'welcome' : 'reset'}
        googleClientId={getPublicConfig().googleClientId}
        notice={<CaptchaNotice />}
      />
    </AuthPageShell>
  );
}
