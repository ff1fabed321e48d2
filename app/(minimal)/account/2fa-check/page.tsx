import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { TwoFactorCheck } from '@/components/auth/two-factor-check';
import { CaptchaProvider } from '@/components/providers/captcha-provider';

export const metadata: Metadata = {
  title: 'Verificare în doi pași',
  description: 'Introduceți codul de verificare pentru a continua.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** First value of a query parameter. */
function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export default async function TwoFactorCheckPage({ searchParams }: Props) {
  const query = await searchParams;
  return (
    <>
      <PageHeader title="Verificare în doi pași">
        <p>Introduceți codul din aplicația de autentificare pentru a confirma că dumneavoastră sunteți cel care se autentifică.</p>
      </PageHeader>
      <CaptchaProvider>
        <TwoFactorCheck lastUrl={first(query.last_url)} />
      </CaptchaProvider>
    </>
  );
}
