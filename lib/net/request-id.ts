/**
 * Request ids (issue 15 item 4): the web server (server/main.ts) keeps a client's or load balancer's
 * `X-Request-Id` when it is short and of a safe charset, else makes a new one; proxy.ts, the BFF and server
 * components send it to the backend, both servers log it, answers return it and error boxes show it as the
 * reference code. Pure string work: proxy.ts and client code import it too.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE = /^[A-Za-z0-9._:-]{1,64}$/;

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === 'string' && SAFE.test(value);
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The incoming id when it is safe, else a new one. */
export function requestIdFrom(value: string | string[] | null | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return isSafeRequestId(first) ? first : newRequestId();
}
