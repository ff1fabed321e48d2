import type { Metadata } from 'next';
import { VignettesView } from '@/components/account/vignettes-view';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { customerDateLocale, loadForCustomer, requireCustomer } from '@/lib/account/customer';
import type { Policy } from '@/lib/api/policies';

export const metadata: Metadata = {
  title: 'Vinietele mele',
  description: 'Rovinietele și vinietele pentru Ungaria cumpărate, cu perioada de valabilitate și dovada în format PDF.',
};

export default async function VignettesPage() {
  const token = await requireCustomer('/account/vignettes');
  const [policies, dateLocale] = await Promise.all([
    loadForCustomer<Policy[]>('/account/vignettes', '/api/v1/policies'),
    customerDateLocale(token),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Vinietele mele">
        <p>Vedeți până când este valabilă fiecare vinietă și descărcați oricând dovada achiziției în format PDF.</p>
      </PageHeader>
      <VignettesView initialVignettes={policies} dateLocale={dateLocale} />
    </Container>
  );
}
