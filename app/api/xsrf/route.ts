import { NextResponse, type NextRequest } from 'next/server';
import { ensureXsrfCookie } from '@/lib/bff/forward';
import { sessionSettings } from '@/lib/session/session';

/**
 * Issues the XSRF-TOKEN cookie (SPEC §9) when the browser has none. The API client calls it before its first
 * write (lib/api/xsrf.ts); every other BFF answer also sets the cookie when it is missing.
 */
export function GET(request: NextRequest) {
  const response = new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const cookies = new Map(request.cookies.getAll().map(({ name, value }) => [name, value]));
  ensureXsrfCookie(response, { cookies, settings: sessionSettings() });
  return response;
}
