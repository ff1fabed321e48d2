'use client';

import './globals.css';
import { ServerError } from '@/components/layout/server-error';
import { themeScript } from '@/components/layout/theme-script';

/** Fatal errors (the root layout itself failed): replaces the whole document (SPEC §2). */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="ro" suppressHydrationWarning>
      <head>
        <title>Internal Server Error</title>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>
        <main id="continut" className="flex-1">
          <ServerError error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
