import { headers } from 'next/headers';
import { ErrorView } from './error-view';
import { RequestedPath } from './requested-path';

/** SPEC §2: 404 with the message `Page Not Found: {path}` (path from proxy.ts's x-pathname header). */
export async function NotFoundView() {
  const path = (await headers()).get('x-pathname');
  return (
    <ErrorView
      statusCode={404}
      statusMessage="Page Not Found"
      description={
        <>
          <p className="font-mono text-base text-foreground" data-testid="not-found-message">
            Page Not Found: <RequestedPath serverPath={path} />
          </p>
          <p className="mt-3">Pagina pe care o căutați nu există sau a fost mutată. Verificați adresa sau porniți de la pagina principală.</p>
        </>
      }
    />
  );
}
