import type { Metadata } from 'next';
import { OrdersList } from '@/components/account/orders-list';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { customerDateLocale, loadForCustomer, requireCustomer } from '@/lib/account/customer';
import { orderInstants, type Order } from '@/lib/api/orders';
import { formatDateTime } from '@/lib/time';

export const metadata: Metadata = {
  title: 'Comenzile mele',
  description: 'Comenzile dumneavoastră de asigurare și starea plăților.',
};

export default async function OrdersPage() {
  const token = await requireCustomer('/account/orders');
  const [orders, dateLocale] = await Promise.all([
    loadForCustomer<Order[]>('/account/orders', '/api/v1/orders'),
    customerDateLocale(token),
  ]);
  // Formatted here, so the list hydrates without time-zone data (components/account/use-date-time-labels.ts).
  const dateLabels = Object.fromEntries(orderInstants(orders).map((instant) => [instant, formatDateTime(instant, dateLocale)]));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Comenzile mele">
        <p>Aici găsiți comenzile dumneavoastră de asigurare, starea fiecărei plăți și polița emisă pentru fiecare comandă.</p>
      </PageHeader>
      <OrdersList initialOrders={orders} dateLabels={dateLabels} dateLocale={dateLocale} />
    </Container>
  );
}
