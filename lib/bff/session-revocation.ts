import { callBackend } from '@/lib/net/backend-call';
import { log } from '@/lib/server/log';

/**
 * Ending a session at the backend when the customer signs out. The customer is told they are signed out and the
 * cookies go at once, so the token must really stop working: a copy of it (a shared computer's history, a stolen
 * cookie) must not outlive the logout because the backend was briefly down or the tab closed mid-request.
 *
 * - The revocation is not tied to the customer's request: leaving the page does not cancel it.
 * - A failed attempt (unreachable, timeout, busy, 5xx) is retried in the background on `RETRY_DELAYS_MS`; the
 *   backend's own refusal of the token (401, 403: already ended or expired) ends the work, as does success.
 * - At most `MAX_PENDING` tokens wait; the oldest is given up first (logged, never the token itself).
 * - A draining server tries every pending token once more before it exits (`settlePendingRevocations`).
 *
 * Route handlers and the custom server are bundled apart but run in one process: the queue lives on globalThis.
 */

export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000] as const;
export const MAX_PENDING = 1_000;

type Pending = { token: string; headers: Record<string, string>; requestId: string | null; attempt: number; timer: NodeJS.Timeout | null };
type Queue = { pending: Map<string, Pending>; delays: readonly number[] };

const KEY = Symbol.for('broker-web-shop.pending-session-revocations');

function queue(): Queue {
  const global = globalThis as typeof globalThis & { [KEY]?: Queue };
  global[KEY] ??= { pending: new Map(), delays: RETRY_DELAYS_MS };
  return global[KEY];
}

type Outcome = 'revoked' | 'retry' | 'refused';

async function attempt(backendUrl: string, entry: Pick<Pending, 'token' | 'headers' | 'requestId'>): Promise<Outcome> {
  try {
    const res = await callBackend(
      `${backendUrl}/api/v1/auth/logout`,
      { method: 'POST', headers: { ...entry.headers, authorization: `Bearer ${entry.token}` } },
      { requestId: entry.requestId },
    );
    await res.body?.cancel();
    // 2xx: ended now; 401/403: the backend no longer accepts the token (ended before, expired). 5xx and 429 may
    // change on a retry; any other answer would not.
    if (res.ok || res.status === 401 || res.status === 403) return 'revoked';
    if (res.status >= 500 || res.status === 429) return 'retry';
    log('error', 'session revocation refused by the backend', { request_id: entry.requestId, status: res.status });
    return 'refused';
  } catch {
    return 'retry';
  }
}

function schedule(backendUrl: string, entry: Pending) {
  const q = queue();
  const delay = q.delays[entry.attempt];
  if (delay === undefined) {
    q.pending.delete(entry.token);
    log('error', 'session revocation given up', { request_id: entry.requestId, attempts: entry.attempt + 1 });
    return;
  }
  entry.timer = setTimeout(() => {
    entry.timer = null;
    void attempt(backendUrl, entry).then((outcome) => {
      if (q.pending.get(entry.token) !== entry) return;
      entry.attempt += 1;
      if (outcome === 'retry') return schedule(backendUrl, entry);
      q.pending.delete(entry.token);
      if (outcome === 'revoked') log('info', 'session revoked after retry', { request_id: entry.requestId, attempts: entry.attempt + 1 });
    });
  }, delay);
  entry.timer.unref();
}

/**
 * Ends `token`'s session at the backend: one attempt now, then retries in the background if it failed.
 * `headers` are the upstream headers of the customer's request (client IP, user agent), without authorization.
 */
export async function revokeAtBackend(
  backendUrl: string,
  token: string,
  context: { headers: Record<string, string>; requestId: string | null },
): Promise<void> {
  const entry: Pending = { token, headers: context.headers, requestId: context.requestId, attempt: 0, timer: null };
  if ((await attempt(backendUrl, entry)) !== 'retry') return;
  const q = queue();
  const previous = q.pending.get(token);
  if (previous?.timer) clearTimeout(previous.timer);
  q.pending.delete(token);
  if (q.pending.size >= MAX_PENDING) {
    const [oldest] = q.pending.values();
    if (oldest.timer) clearTimeout(oldest.timer);
    q.pending.delete(oldest.token);
    log('error', 'session revocation given up: too many pending', { request_id: oldest.requestId });
  }
  q.pending.set(token, entry);
  log('warn', 'session revocation pending: backend unavailable', { request_id: context.requestId });
  schedule(backendUrl, entry);
}

/**
 * One more attempt for every pending revocation, all at once (a draining server, before it exits); resolves
 * when each has settled or `withinMs` has passed. What still fails is logged as given up.
 */
export async function settlePendingRevocations(backendUrl: string, withinMs: number): Promise<void> {
  const q = queue();
  const entries = [...q.pending.values()];
  if (entries.length === 0) return;
  for (const entry of entries) if (entry.timer) clearTimeout(entry.timer);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
    timer.unref();
  });
  const settled = Promise.all(
    entries.map(async (entry) => {
      const outcome = await attempt(backendUrl, entry);
      q.pending.delete(entry.token);
      if (outcome === 'revoked') log('info', 'session revoked while draining', { request_id: entry.requestId });
      else if (outcome === 'retry') log('error', 'session revocation given up: server stopping', { request_id: entry.requestId });
    }),
  );
  await Promise.race([settled, deadline]);
  clearTimeout(timer);
}

/**
 * Tests: shorter delays, and an empty queue.
 * @testSeam
 */
export function resetRevocationQueueForTests(delays: readonly number[] = RETRY_DELAYS_MS) {
  const q = queue();
  for (const entry of q.pending.values()) if (entry.timer) clearTimeout(entry.timer);
  q.pending.clear();
  q.delays = delays;
}
