/** Errors that become the contract's error body: {error: {code, message, pretty_message}}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    readonly prettyMessage: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

export function validationError(fields: FieldErrors): ApiError {
  const first = Object.values(fields)[0]?.[0] ?? 'Datele trimise nu sunt valide.';
  return new ApiError(422, 'validation_failed', JSON.stringify(fields), first);
}

export function fieldError(field: string, message: string): ApiError {
  return validationError({ [field]: [message] });
}

export const errors = {
  unauthenticated: () =>
    new ApiError(401, 'unauthenticated', 'Unauthenticated.', 'Sesiunea a expirat. Autentificați-vă din nou.'),
  /** The session passed the password but not the second factor yet (backend/README.md "Two-factor enforcement"). */
  twoFactorRequired: () =>
    new ApiError(
      403,
      'two_factor_required',
      'Two-factor verification required.',
      'Confirmați autentificarea în doi pași pentru a continua.',
    ),
  /**
   * The account must have two-factor (`is_two_factor_required`) and has none set up: only the setup page's calls are
   * answered (backend/README.md "Two-factor enforcement").
   */
  twoFactorSetupRequired: () =>
    new ApiError(
      403,
      'two_factor_setup_required',
      'Two-factor setup required.',
      'Configurați autentificarea în doi pași pentru a continua.',
    ),
  /**
   * Turning two-factor on for the first time needs a session signed in recently (two-factor/routes.ts): the session
   * stays valid, the customer signs in again to continue.
   */
  recentSignInRequired: () =>
    new ApiError(
      403,
      'recent_sign_in_required',
      'A recent sign-in is required.',
      'Din motive de siguranță, activarea autentificării în doi pași cere o autentificare recentă. Autentificați-vă din nou, apoi reluați activarea.',
    ),
  forbidden: (pretty = 'Nu aveți acces la această resursă.') => new ApiError(403, 'forbidden', 'Forbidden.', pretty),
  notFound: (what = 'Resource', pretty = 'Resursa căutată nu există.') =>
    new ApiError(404, 'not_found', `${what} not found.`, pretty),
  conflict: (code: string, message: string, pretty: string) => new ApiError(409, code, message, pretty),
  /** Ops switched the product off (product status record) or it is inactive: no quote, order or payment start. */
  productUnavailable: () =>
    new ApiError(422, 'product_unavailable', 'Product is not available.', 'Produsul nu este disponibil momentan.'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      'too_many_attempts',
      'Too many attempts.',
      `Prea multe încercări. Încercați din nou peste ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute.`,
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    ),
  /**
   * SQLITE_BUSY: another process held the database past the busy timeout. The write did not apply (every write
   * is one transaction, rolled back whole), so a retry with the same Idempotency-Key is safe; the string code
   * keeps it apart from maintenance (the number 503).
   */
  databaseBusy: () =>
    new ApiError(
      503,
      'database_busy',
      'The database is busy; retry shortly.',
      'Serviciul este momentan foarte solicitat. Vă rugăm să încercați din nou în câteva secunde.',
      { 'retry-after': '2' },
    ),
  /** Every PDF render slot is taken (pdf/render-gate.ts): a download is refused rather than queued. */
  pdfBusy: () =>
    new ApiError(
      503,
      'pdf_busy',
      'Too many documents are being generated; try again shortly.',
      'Documentul nu poate fi generat acum: serverul este foarte solicitat. Vă rugăm să reîncercați în câteva secunde.',
      { 'retry-after': '5' },
    ),
  /**
   * The stored quotes no order uses reached their bound (QUOTES_MAX_UNUSED, modules/quotes/service.ts) and none has
   * expired to make room: a quote is refused to callers that did not pass a second factor. Retry-After: until the
   * oldest of them expires (nothing frees a place sooner, but an order on one).
   */
  quotesBusy: (retryAfterSeconds: number) =>
    new ApiError(
      503,
      'quotes_busy',
      'Too many stored quotes; new quotes are refused until some expire.',
      'Nu putem calcula oferte noi în acest moment: serviciul este foarte solicitat. Vă rugăm să încercați din nou mai târziu. Dacă aveți cont, autentificați-vă pentru a continua.',
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    ),
  /**
   * SQLITE_FULL: the disk (or the file system's quota) has no room for the write; likewise SQLITE_READONLY (a file
   * system remounted read-only). It did not apply (one transaction, rolled back whole), so a retry with the same
   * Idempotency-Key is safe once the storage is back; ops see the error log, and /readyz answers 503 meanwhile
   * (db/write-health.ts).
   */
  storageFull: () =>
    new ApiError(
      503,
      'storage_unavailable',
      'The database cannot store the write right now; retry later.',
      'Serviciul nu poate salva datele momentan. Vă rugăm să încercați din nou în câteva minute.',
      { 'retry-after': '30' },
    ),
  /**
   * The process is draining (SIGTERM, backend/src/main.ts): a request that still arrives on an open keep-alive
   * connection is refused, and its connection closed, so that the caller's retry opens a new one (to another
   * process, or this one restarted). The string code keeps it apart from maintenance (the number 503).
   */
  draining: () =>
    new ApiError(
      503,
      'service_draining',
      'The server is shutting down; retry shortly.',
      'Serviciul repornește. Vă rugăm să încercați din nou în câteva secunde.',
      { 'retry-after': '2' },
    ),
  maintenance: (message: string | null) =>
    new ApiError(
      503,
      503,
      'Service in maintenance.',
      message ?? 'Site-ul este în mentenanță. Revenim în curând.',
    ),
};

export function errorBody(code: string | number, message: string, pretty: string) {
  return { error: { code, message, pretty_message: pretty } };
}
