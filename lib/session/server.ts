import { cookies, headers } from 'next/headers';
import { clientIpOfHeaders } from '@/lib/net/client-ip';
import { REQUEST_ID_HEADER } from '@/lib/net/request-id';
import { sessionFromCookies, type ClientContext } from '@/lib/session/session';

/** Server components and route handlers: the session of the current request (lib/session/session.ts). */

/** The backend access token of this request's session, read on the server only. */
export async function getSessionToken(): Promise<string | null> {
  const jar = await cookies();
  return sessionFromCookies((name) => jar.get(name)?.value).token;
}

export async function isSignedIn(): Promise<boolean> {
  return (await getSessionToken()) !== null;
}

/**
 * The client of the current request as the backend is told (IP from server/main.ts's `x-client-ip`, user agent,
 * request id); null outside a request scope.
 */
export async function requestClient(): Promise<ClientContext | null> {
  try {
    const h = await headers();
    return { ip: clientIpOfHeaders(h), userAgent: h.get('user-agent') ?? '', requestId: h.get(REQUEST_ID_HEADER) };
  } catch {
    return null; // outside a request scope
  }
}
