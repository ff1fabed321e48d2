import type { Metadata } from 'next';
import { FaqList } from '@/components/content/faq-list';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { getFaqServer } from '@/lib/api/content-server';

export const metadata: Metadata = {
  title: 'Întrebări frecvente',
  description: 'Răspunsuri despre asigurarea RCA, de călătorie, de locuință și despre plata online.',
};

export default async function FaqPage() {
  const faq = await getFaqServer();
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Întrebări frecvente">
        <p>Răspunsurile la întrebările pe care ni le pun cel mai des clienții despre polițe, plată și cont.</p>
      </PageHeader>
      <div className="max-w-3xl">
        <FaqList faq={faq} />
      </div>
    </Container>
  );
}
