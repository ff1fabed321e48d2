'use client';

import { useState } from 'react';
import { listOrders, mergeOrder, orderInstants, type Order } from '@/lib/api/orders';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import type { DateLocaleCode } from '@/contract/locales';
import { EmptyState } from './empty-state';
import { OrderCard } from './order-card';
import { useDateTimeLabels, type DateTimeLabels } from './use-date-time-labels';

/**
 * The customer's orders, newest first. Server-rendered, then kept current by the realtime events of the
 * user's channel: `order.updated` replaces the order, `payment.updated` re-reads the list.
 * `dateLabels` are the server's labels of the first orders' dates (see useDateTimeLabels).
 */
export function OrdersList({
  initialOrders,
  dateLabels = {},
  dateLocale = 'ro',
}: {
  initialOrders: Order[];
  dateLabels?: DateTimeLabels;
  dateLocale?: DateLocaleCode;
}) {
  const [orders, setOrders] = useState(initialOrders);
  const labelOf = useDateTimeLabels(orderInstants(orders), dateLabels, dateLocale);
  const [notice, setNotice] = useState<string | null>(null);

  useRealtimeEvent('order.updated', (data) => {
    const updated = data as unknown as Order;
    setOrders((current) => mergeOrder(current, updated));
    if (updated.status === 'paid') setNotice(`Plata pentru comanda ${updated.number} a fost confirmată.`);
  });
  const reread = () => {
    listOrders()
      .then(setOrders)
      .catch(() => {
        /* the order.updated event or the next visit brings the change */
      });
  };
  useRealtimeEvent('payment.updated', reread);
  // Changes published while this tab was still connecting (or offline) arrive with the re-read.
  useRealtimeEvent('realtime.subscribed', reread);

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      {orders.length === 0 ? (
        <EmptyState title="Nu aveți încă nicio comandă" actionHref="/#produse-titlu" actionLabel="Alegeți o asigurare">
          Comenzile plasate apar aici, cu starea plății și polița emisă.
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Comenzi">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} labelOf={labelOf} />
          ))}
        </ul>
      )}
    </>
  );
}
