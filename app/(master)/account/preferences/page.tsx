import type { Metadata } from 'next';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Preferințe',
  description: 'Tema, limba datelor și notificările pe email sau SMS.',
};

export default function PreferencesPage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Preferințe">
        <p>Alege tema aplicației, formatul datelor și ce notificări primești, de exemplu amintirea înainte de expirarea unei polițe.</p>
      </PageHeader>

    </Container>
  );
}
