import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Site în mentenanță',
  description: 'Site-ul este temporar indisponibil pentru lucrări de mentenanță.',
};

export default function MaintenancePage() {
  return (
    <>
      <PageHeader title="Revenim în curând">
        <p>Facem lucrări de mentenanță ca să îți oferim un serviciu mai bun. Site-ul va fi din nou disponibil în scurt timp; te rugăm să revii peste câteva minute.</p>
      </PageHeader>

    </>
  );
}
