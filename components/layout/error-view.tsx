import Link from 'next/link';
import type { ReactNode } from 'react';

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Page Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * SPEC §2 error page: the status code (default 500), the status message ("Internal Server Error",
 * "Page Not Found") and a description, with Romanian text around them and a way back home.
 * Never shows a stack trace.
 */
export function ErrorView({
  statusCode = 500,
  statusMessage,
  description,
  children,
}: {
  statusCode?: number;
  statusMessage?: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  const message = statusMessage ?? STATUS_MESSAGES[statusCode] ?? STATUS_MESSAGES[500];
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:py-24" aria-labelledby="error-title">
      <p className="text-6xl font-bold text-primary sm:text-7xl" data-testid="error-status">
        {statusCode}
      </p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold sm:text-3xl">
        {message}
      </h1>
      <div className="mt-4 text-lg text-muted">{description}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {children}
        <Link href="/" className="btn btn-primary">
          Înapoi la pagina principală
        </Link>
      </div>
    </section>
  );
}
