import type { Metadata } from 'next';
import { PoliciesView } from '@/components/account/policies-view';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { customerDateLocale, loadForCustomer, requireCustomer } from '@/lib/account/customer';
import type { Policy } from '@/lib/api/policies';

export const metadata: Metadata = {
  title: 'Polițele mele',
  description: 'Polițele dumneavoastră active, cele care expiră în curând și cele expirate, cu documentul PDF.',
};

export default async function PoliciesPage() {
  const token = await requireCustomer('/account/policies');
  const [policies, dateLocale] = await Promise.all([
    loadForCustomer<Policy[]>('/account/policies', '/api/v1/policies'),
    customerDateLocale(token),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Polițele mele">
        <p>Descărcați polița în format PDF oricând și reînnoiți-o cu datele deja completate.</p>
      </PageHeader>
      <PoliciesView initialPolicies={policies} dateLocale={dateLocale} />
    </Container>
  );
}
