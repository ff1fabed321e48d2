import type { Metadata } from 'next';
import { ProfileSection } from '@/components/account/profile-section';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { loadForCustomer } from '@/lib/account/customer';
import type { Profile } from '@/contract/types';

export const metadata: Metadata = {
  title: 'Profilul meu',
  description: 'Numele, telefonul și adresa contului dumneavoastră.',
};

export default async function ProfilePage() {
  const profile = await loadForCustomer<Profile>('/account/profile', '/api/v1/profile');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Profilul meu">
        <p>Datele dumneavoastră de contact, folosite pentru a completa mai repede ofertele și comenzile.</p>
      </PageHeader>
      <div className="max-w-3xl">
        <ProfileSection profile={profile} />
      </div>
    </Container>
  );
}
