/**
 * Request limits of the API contract: the web server, the BFF and the reference backend refuse the same bodies
 * with the same answer.
 */

/** The largest request body anything accepts (no uploads): 1 MiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The error of a 413 (`{ error: … }` on the wire). */
export const PAYLOAD_TOO_LARGE = {
  code: 'payload_too_large',
  message: 'Request body too large.',
  pretty_message: 'Datele trimise sunt prea mari.',
} as const;
