import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = { title: 'Pagina nu a fost găsită' };

/**
 * notFound() outside a group layout. Next.js sends this tree with every page's payload, so it has no header or
 * footer of its own (they were the bulk of every payload twice over): unmatched paths are answered by
 * app/(master)/[...missing], inside the master layout.
 */
export default function NotFound() {
  return (
    <main id="continut" tabIndex={-1} className="flex-1 outline-none">
      <NotFoundView />
    </main>
  );
}
