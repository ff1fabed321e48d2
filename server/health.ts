import type { ServerResponse } from 'node:http';
import { callBackend } from '@/lib/net/backend-call';
import { shareRecentResult } from '@/lib/net/shared-result';

/** How long /readyz waits for the backend before calling it unreachable. */
const BACKEND_PROBE_TIMEOUT_MS = 2000;

export type HealthPath = 'healthz' | 'readyz';

/** `/healthz` or `/readyz` (any query ignored), else null. Answered by server/main.ts before Next.js. */
export function healthPathOf(url: string | undefined): HealthPath | null {
  const path = (url ?? '').split('?')[0];
  if (path === '/healthz') return 'healthz';
  if (path === '/readyz') return 'readyz';
  return null;
}

type Check = { ok: boolean; detail?: string };

/** The backend answers (any status below 500) on the spec's cheapest call, within the probe timeout. */
async function backendReachable(backendUrl: string): Promise<Check> {
  try {
    const res = await callBackend(`${backendUrl}/api/v1/maintenances/status`, {}, { timeoutMs: BACKEND_PROBE_TIMEOUT_MS });
    await res.body?.cancel();
    return res.status < 500 ? { ok: true } : { ok: false, detail: `HTTP ${res.status}` };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The backend check, shared (lib/net/shared-result.ts): `/readyz` is public, and a flood of probes would otherwise be
 * as many backend calls, each holding a slot of the gate that pages and the BFF share (BACKEND_MAX_CONCURRENCY).
 * One probe at a time, and its answer for every request within a second of it.
 */
const sharedBackendCheck = shareRecentResult(1000, backendReachable);

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(text);
}

/**
 * `/healthz`: the process is alive (200). `/readyz`: it can serve: not draining and the backend reachable
 * (200 `{status: "ready"}`, else 503 `{status: "not_ready", checks}`). Never cached, never behind maintenance
 * or the page cache.
 */
export async function sendHealth(kind: HealthPath, response: ServerResponse, state: { draining: boolean; backendUrl: string }) {
  if (kind === 'healthz') return send(response, 200, { status: 'ok' });
  const checks: Record<string, Check> = state.draining ? { draining: { ok: false } } : { backend: await sharedBackendCheck(state.backendUrl) };
  const ready = Object.values(checks).every((c) => c.ok);
  return send(response, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
}
