import type { Metadata } from 'next';
import { FaqList } from '@/components/content/faq-list';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ReloadError } from '@/components/ui/reload-error';
import { getFaqServer } from '@/lib/api/content-server';
import { referenceCodeOf } from '@/lib/api/errors';

export const metadata: Metadata = {
  title: 'Întrebări frecvente',
  description: 'Răspunsuri despre asigurarea RCA, de călătorie, de locuință și despre plata online.',
};

export default async function FaqPage() {
  // With the backend down or slow the page still renders: the error box inside it retries by itself.
  const faq = await getFaqServer().catch((error: unknown) => ({ failed: referenceCodeOf(error) }));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Întrebări frecvente">
        <p>Răspunsurile la întrebările pe care ni le pun cel mai des clienții despre polițe, plată și cont.</p>
      </PageHeader>
      <div className="max-w-3xl">
        {Array.isArray(faq) ? (
          <FaqList faq={faq} />
        ) : (
          <ReloadError
            title="Nu am putut încărca întrebările frecvente"
            message="Serverul nu răspunde momentan. Reîncercăm automat; puteți încerca și acum."
            referenceCode={faq.failed}
          />
        )}
      </div>
    </Container>
  );
}
