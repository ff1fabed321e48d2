import type { ReactNode } from 'react';
import { ExpiringBanner } from '@/components/account/expiring-banner';

/**
 * Account pages stream their data in behind a skeleton (loading.tsx). Their content area is at least one screen
 * tall (below the sticky header), so the footer starts below the fold both under the skeleton and under the
 * data: when the data replaces the skeleton nothing visible moves (no layout shift).
 */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-[calc(100svh-4rem)] sm:min-h-[calc(100svh-4.5rem)]">
      {/* Policies ending within 30 days, not renewed: on every account page (issue 18). */}
      <ExpiringBanner />
      {children}
    </div>
  );
}
