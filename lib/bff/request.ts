/** Small request helpers shared by the BFF route handlers (plain Web Request: callable from tests). */

export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || jar.has(name)) continue;
    let value = part.slice(index + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      /* keep raw */
    }
    jar.set(name, value);
  }
  return jar;
}

/** The client's IP as the web app sees it: first X-Forwarded-For entry, else X-Real-IP, else loopback. */
export function clientIpOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || '127.0.0.1';
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function jsonError(status: number, code: string, message: string, prettyMessage: string): Response {
  return Response.json({ error: { code, message, pretty_message: prettyMessage } }, { status, headers: { 'cache-control': 'no-store' } });
}
