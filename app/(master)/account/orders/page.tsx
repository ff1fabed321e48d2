import type { Metadata } from 'next';
import { OrdersList } from '@/components/account/orders-list';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { customerDateLocale, loadForCustomer, requireCustomer } from '@/lib/account/customer';
import type { Order } from '@/lib/api/orders';

export const metadata: Metadata = {
  title: 'Comenzile mele',
  description: 'Comenzile tale de asigurare și starea plăților.',
};

export default async function OrdersPage() {
  const token = await requireCustomer('/account/orders');
  const [orders, dateLocale] = await Promise.all([
    loadForCustomer<Order[]>('/account/orders', '/api/v1/orders'),
    customerDateLocale(token),
  ]);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Comenzile mele">
        <p>Aici găsești comenzile tale de asigurare, starea fiecărei plăți și polița emisă pentru fiecare comandă.</p>
      </PageHeader>
      <OrdersList initialOrders={orders} dateLocale={dateLocale} />
    </Container>
  );
}
