import { forwardToBackendPath } from '@/lib/bff/forward';

/** Analytics events (SPEC §7 POST /api/event), forwarded with the client's IP and user agent, never the session. */
export function POST(request: Request) {
  return forwardToBackendPath(request, '/api/event', { session: 'none' });
}
