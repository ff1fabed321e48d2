'use client';

import './globals.css';
import { LastResortServerError } from '@/components/layout/last-resort-server-error';

/**
 * Fatal errors: the root layout or a group layout failed (the groups' pages have their own error.tsx). Replaces the
 * whole document (SPEC §2). There is no app/error.tsx between the two: it would show the same body inside the root
 * layout, for a failure of the group layouts, which only read headers and cookies, and every page would load its
 * chunk (1.1 KB on `/`, issue 17). No theme script either: an inline script without the request's nonce is
 * refused by the CSP when this is server-rendered, and React does not run one it renders in the browser.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="ro" suppressHydrationWarning>
      <head>
        <title>Internal Server Error</title>
      </head>
      <body>
        <main id="continut" className="flex-1">
          <LastResortServerError error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
