import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Polițele mele',
  description: 'Polițele tale active, care expiră în curând sau expirate, cu documentele în format PDF.',
};

export default function PoliciesPage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Polițele mele">
        <p>Vezi polițele active, pe cele care expiră în curând și istoricul lor; descarcă documentul PDF al fiecărei polițe.</p>
      </PageHeader>

    </Container>
  );
}
