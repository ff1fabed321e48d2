'use client';

import { Alert } from './alert';
import { Button } from './button';
import { useAutoRetry } from './use-auto-retry';

/**
 * A page or section that could not be loaded: what happened, the reference code of the failed call (its
 * X-Request-Id, so support can find it), a retry button, and automatic retries with backoff meanwhile.
 */
export function LoadError({
  title = 'Nu am putut încărca datele',
  message = 'A apărut o problemă de conexiune sau serverul nu a răspuns. Reîncercăm automat; puteți încerca și acum.',
  onRetry,
  retrying = false,
  referenceCode = null,
  autoRetry = true,
}: {
  title?: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
  referenceCode?: string | null;
  autoRetry?: boolean;
}) {
  useAutoRetry(onRetry, autoRetry);
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      {referenceCode ? <p className="mt-2 text-sm">Cod de referință: {referenceCode}</p> : null}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying} loadingLabel="Se reîncearcă…">
        Încercați din nou
      </Button>
    </Alert>
  );
}
