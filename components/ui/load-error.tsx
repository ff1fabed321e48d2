'use client';

import { Alert } from './alert';
import { Button } from './button';

/** A page or section that could not be loaded, with a retry. */
export function LoadError({
  title = 'Nu am putut încărca datele',
  message = 'A apărut o problemă de conexiune sau serverul nu a răspuns. Vă rugăm să încercați din nou.',
  onRetry,
  retrying = false,
}: {
  title?: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying} loadingLabel="Se reîncearcă…">
        Încearcă din nou
      </Button>
    </Alert>
  );
}
