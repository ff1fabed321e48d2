import { forwardToBackendPath } from '@/lib/bff/forward';

/** Analytics events (SPEC §7 POST /api/event), forwarded with the client's IP and user agent. */
export function POST(request: Request) {
  return forwardToBackendPath(request, '/api/event');
}
