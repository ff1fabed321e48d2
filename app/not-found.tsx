import type { Metadata } from 'next';
import { MasterChrome } from '@/components/layout/master-chrome';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = { title: 'Pagina nu a fost găsită' };

/** Unmatched routes: outside the route groups, so it brings the master header and footer itself. */
export default function NotFound() {
  return (
    <MasterChrome>
      <NotFoundView />
    </MasterChrome>
  );
}
