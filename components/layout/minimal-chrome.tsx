import type { ReactNode } from 'react';
import { getRequestTheme } from '@/themes/request-theme';
import { MinimalFooter } from './minimal-footer';
import { MinimalHeader } from './minimal-header';

/** Logo-only header, narrow main column and slim footer (sign-in, two-factor, maintenance, payment). */
export async function MinimalChrome({ children }: { children: ReactNode }) {
  const theme = await getRequestTheme();
  return (
    <>
      <MinimalHeader theme={theme} />
      <main id="continut" tabIndex={-1} className="flex-1 outline-none" data-layout="minimal">
        <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
      </main>
      <MinimalFooter />
    </>
  );
}
