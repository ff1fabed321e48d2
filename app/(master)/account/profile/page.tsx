import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Profil',
  description: 'Datele tale de contact și adresa.',
};

export default function ProfilePage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Profilul meu">
        <p>Ține la zi numele, numărul de telefon și adresa, ca să le folosim automat în ofertele tale.</p>
      </PageHeader>

    </Container>
  );
}
