import type { Metadata } from 'next';
import { MaintenanceWatcher } from '@/components/content/maintenance-watcher';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Site în mentenanță',
  description: 'Site-ul este temporar indisponibil pentru lucrări de mentenanță.',
};

type Props = { searchParams: Promise<{ last_url?: string | string[] }> };

export default async function MaintenancePage({ searchParams }: Props) {
  const raw = (await searchParams).last_url;
  const lastUrl = typeof raw === 'string' ? raw : null;
  return (
    <>
      <PageHeader title="Revenim în curând">
        <p>
          Facem lucrări de mentenanță ca să vă oferim un serviciu mai bun. Datele și comenzile dumneavoastră sunt în siguranță;
          site-ul va fi din nou disponibil în scurt timp.
        </p>
      </PageHeader>
      <MaintenanceWatcher lastUrl={lastUrl} />
    </>
  );
}
