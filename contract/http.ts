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

/**
 * The longest `user_agent` a two-factor body carries (the backend refuses a longer one). The web app fills it from
 * the browser's User-Agent header, which may be longer: it sends the first this many characters.
 */
export const USER_AGENT_MAX_LENGTH = 500;
