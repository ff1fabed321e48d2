import type { Metadata } from 'next';
import { PreferencesSection } from '@/components/account/preferences-section';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { loadForCustomer } from '@/lib/account/customer';
import type { Preferences } from '@/contract/types';

export const metadata: Metadata = {
  title: 'Preferințe',
  description: 'Tema site-ului, ofertele, amintirile de expirare și limba datelor.',
};

export default async function PreferencesPage() {
  const preferences = await loadForCustomer<Preferences>('/account/preferences', '/api/v1/preferences');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Preferințe">
        <p>Alegeți cum arată site-ul și ce mesaje primiți de la noi.</p>
      </PageHeader>
      <div className="max-w-3xl">
        <PreferencesSection preferences={preferences} />
      </div>
    </Container>
  );
}
