import type { ReactNode } from 'react';
import { isSignedIn } from '@/lib/session/server';
import { getRequestTheme } from '@/themes/request-theme';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header + main + footer of the master layout (also used by the root 404 page, which has no group layout). */
export async function MasterChrome({ children }: { children: ReactNode }) {
  const [theme, signedIn] = await Promise.all([getRequestTheme(), isSignedIn()]);
  return (
    <>
      <SiteHeader theme={theme} signedIn={signedIn} />
      <main id="continut" tabIndex={-1} className="flex-1 outline-none" data-layout="master">
        {children}
      </main>
      <SiteFooter theme={theme} />
    </>
  );
}
