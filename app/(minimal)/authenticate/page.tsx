import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { AuthenticateFlow } from '@/components/auth/authenticate-flow';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { getPublicConfig } from '@/lib/config/env';

export const metadata: Metadata = {
  title: 'Autentificare',
  description: 'Intrați în contul dumneavoastră sau creați un cont nou pentru a vă vedea polițele și comenzile.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** First value of a query parameter. */
function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export default async function AuthenticatePage({ searchParams }: Props) {
  const query = await searchParams;
  return (
    <>
      <PageHeader title="Intrați în cont">
        <p>Autentificați-vă cu adresa de email și parola sau cu contul Google. Dacă nu aveți încă un cont, îl puteți crea aici.</p>
      </PageHeader>
      {first(query.session_ended) === '1' ? (
        <Alert tone="warning" className="mx-auto mb-6 w-full max-w-md" title="Sesiunea dumneavoastră s-a încheiat">
          A expirat sau a fost închisă de pe alt dispozitiv. Autentificați-vă din nou pentru a continua de unde ați rămas.
        </Alert>
      ) : null}
      <CaptchaProvider>
        <AuthenticateFlow
          lastUrl={first(query.last_url)}
          resetToken={first(query.reset_token)}
          resetEmail={first(query.email)}
          resetPurpose={first(query.purpose) === 'welcome' ? 'welcome' : 'reset'}
          googleClientId={getPublicConfig().googleClientId}
          notice={<CaptchaNotice />}
        />
      </CaptchaProvider>
    </>
  );
}
