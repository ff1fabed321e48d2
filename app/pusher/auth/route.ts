import { forwardToBackendPath } from '@/lib/bff/forward';

/** Realtime channel authorisation: forwarded to the backend's /pusher/auth with the session's bearer. */
export function POST(request: Request) {
  return forwardToBackendPath(request, '/pusher/auth', { requireSession: true });
}
