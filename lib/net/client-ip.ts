/**
 * The client's IP address (issue 13 item 7). The web server (`server/main.ts`) sees the socket: it derives the
 * client IP once per request with `clientIpFromChain` and passes it on in the internal `x-client-ip` request
 * header, overwriting any copy a client sent. proxy.ts, the BFF and server components read that header
 * (`clientIpOfHeaders`); every call to the backend sends it as `X-Forwarded-For` (lib/session/session.ts).
 *
 * Pure string work (no `node:net`): proxy.ts imports it too.
 */

/** The internal request header that carries the client IP from server/main.ts to proxy.ts and the BFF. */
export const CLIENT_IP_HEADER = 'x-client-ip';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for a literal IPv4 (dotted quad) or IPv6 address, the same answers as `net.isIP(value) !== 0`. */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  if (value.includes('.') && !IPV4.test(value.slice(value.lastIndexOf(':') + 1))) return false;
  try {
    // The WHATWG URL parser validates IPv6 literals strictly.
    return new URL(`http://[${value}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * One address as a proxy wrote it, normalised: trimmed, `[v6]` and `[v6]:port` / `v4:port` reduced to the
 * address, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) to IPv4. Null when it is not an IP address.
 */
export function normaliseIp(raw: string | undefined | null): string | null {
  if (typeof raw !== 'string') return null;
  let value = raw.trim();
  if (value.length === 0 || value.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.indexOf(':'));
  const mapped = /^::ffff:([\d.]+)$/i.exec(value);
  if (mapped && IPV4.test(mapped[1])) value = mapped[1];
  return isIpAddress(value) ? value.toLowerCase() : null;
}

/**
 * The client IP given the socket peer, the `X-Forwarded-For` header(s) and how many proxies in front of this
 * server are trusted. The chain is the X-Forwarded-For entries followed by the socket address; each trusted hop
 * vouches for the entry to its left. With 0 trusted hops the socket address is the answer and X-Forwarded-For is
 * ignored; with N it is the N-th entry from the right. A walk that meets an entry that is not an IP address, or
 * runs out of entries, stops at the last address it could vouch for.
 */
export function clientIpFromChain(
  socketAddress: string | undefined | null,
  forwardedFor: string | string[] | undefined | null,
  trustedHops: number,
): string {
  const socket = normaliseIp(socketAddress) ?? '0.0.0.0';
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let client = socket;
  for (let hop = 0; hop < trustedHops && entries.length > 0; hop++) {
    const next = normaliseIp(entries.pop());
    if (!next) break;
    client = next;
  }
  return client;
}

/**
 * The client IP for proxy.ts, the BFF (route handler and the web server's read path) and server components:
 * the `x-client-ip` header server/main.ts set (`npm start` and `npm run dev` both run it). Without it (Next.js
 * started some other way, unsupported) 127.0.0.1, never an X-Forwarded-For entry: a client chooses those.
 * Takes Web `Headers` or node:http's `IncomingHttpHeaders`.
 */
export function clientIpOfHeaders(headers: Headers | Record<string, string | string[] | undefined>): string {
  const value = headers instanceof Headers ? headers.get(CLIENT_IP_HEADER) : headers[CLIENT_IP_HEADER];
  return normaliseIp(typeof value === 'string' ? value : null) ?? '127.0.0.1';
}
