import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Asigurare de locuință',
  description: 'Polița obligatorie PAD și asigurarea facultativă a locuinței, calculate online.',
};

export default function HousePage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Asigurare de locuință">
        <p>Începe cu polița obligatorie PAD împotriva cutremurului, inundației și alunecărilor de teren, apoi adaugă, dacă vrei, asigurarea facultativă pentru clădire și bunuri.</p>
      </PageHeader>
      <ul className="grid max-w-3xl list-disc gap-2 pl-6 text-muted">
        <li>PAD tip A (beton armat, cărămidă): suma asigurată 100.000 lei.</li>
        <li>PAD tip B (alte materiale): suma asigurată 50.000 lei.</li>
        <li>Asigurarea facultativă se poate încheia doar împreună cu o poliță PAD valabilă.</li>
      </ul>
    </Container>
  );
}
