import { headers } from 'next/headers';
import { ErrorView } from './error-view';

/**
 * SPEC §2: 404 with the message `Page Not Found: {path}` (path from proxy.ts's x-pathname header). Rendered on the
 * server only: the root not-found tree travels with every page's payload, and a client leaf here was one more
 * script on every first visit (issue 17). Every notFound() is called from a master-layout page, whose not-found is
 * rendered for the request that asked for it.
 */
export async function NotFoundView() {
  const path = (await headers()).get('x-pathname');
  return (
    <ErrorView
      statusCode={404}
      statusMessage="Page Not Found"
      description={
        <>
          <p className="font-mono text-base text-foreground" data-testid="not-found-message">
            Page Not Found: {path}
          </p>
          <p className="mt-3">Pagina pe care o căutați nu există sau a fost mutată. Verificați adresa sau porniți de la pagina principală.</p>
        </>
      }
    />
  );
}
