import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Comenzile mele',
  description: 'Comenzile tale de asigurare și starea plăților.',
};

export default function OrdersPage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Comenzile mele">
        <p>Aici găsești comenzile tale de asigurare, starea fiecărei plăți și polița emisă pentru fiecare comandă.</p>
      </PageHeader>

    </Container>
  );
}
