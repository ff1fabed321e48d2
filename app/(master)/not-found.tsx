import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = { title: 'Pagina nu a fost găsită' };

/** notFound() inside a master-layout page (unknown info slug, too many RCA segments). */
export default function MasterNotFound() {
  return <NotFoundView />;
}
