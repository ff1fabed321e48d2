import { getServerEnv } from '@/lib/config/env';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * How the web app calls the backend (BFF forward, writes, proxy.ts, pusher auth, analytics): a bounded fetch
 * (issue 15 item 1). Server rendering's reads take lib/net/backend-read.ts, and the web server's BFF reads
 * server/bff-fast-path.ts: both hold the same bounds, through this module's gate.
 *
 * - Timeout: `BACKEND_TIMEOUT_MS` from the moment of the call (queue wait included) to the answer's end.
 * - Cancellation: the client's `request.signal` is combined with the timeout (`AbortSignal.any`), so a client
 *   that leaves cancels the upstream call and its socket.
 * - Concurrency: at most `BACKEND_MAX_CONCURRENCY` calls at once per process; further calls wait in a queue of
 *   at most `BACKEND_MAX_QUEUE`, beyond which they are refused at once (503 + Retry-After).
 * - The request id travels as `X-Request-Id`.
 *
 * proxy.ts, route handlers and server components are bundled apart but run in one process: the gate lives on
 * globalThis under a registered symbol so that they share it.
 */
export type BackendCallOptions = {
  /** The client's abort signal (a route handler's `request.signal`). */
  signal?: AbortSignal | null;
  requestId?: string | null;
  /** Overrides BACKEND_TIMEOUT_MS (tests, probes). */
  timeoutMs?: number;
};

/** The code of a call cancelled because the client it served went away (HTTP 499): not a failure of anything. */
export const CLIENT_CLOSED_REQUEST = 'client_closed_request';

export type BackendCallFailure = 'timeout' | 'busy' | 'aborted' | 'unreachable';

export class BackendCallError extends Error {
  constructor(
    readonly kind: BackendCallFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BackendCallError';
  }

  /** The status the web app answers for this failure. */
  get status(): number {
    return { timeout: 504, busy: 503, aborted: 499, unreachable: 502 }[this.kind];
  }
}

/** Romanian texts of the error bodies (the shape of the backend's errors: code, message, pretty_message). */
const ANSWERS: Record<BackendCallFailure, { code: string; message: string; pretty_message: string }> = {
  timeout: {
    code: 'backend_timeout',
    message: 'Backend did not answer in time',
    pretty_message: 'Serviciul nu a răspuns la timp. Încercați din nou în câteva momente.',
  },
  busy: {
    code: 'backend_busy',
    message: 'Too many calls waiting for the backend',
    pretty_message: 'Serviciul este foarte solicitat acum. Încercați din nou în câteva momente.',
  },
  aborted: { code: CLIENT_CLOSED_REQUEST, message: 'The client went away', pretty_message: 'Cererea a fost anulată.' },
  unreachable: {
    code: 'backend_unreachable',
    message: 'Backend unreachable',
    pretty_message: 'Serviciul nu este disponibil momentan. Încercați din nou în câteva momente.',
  },
};

export const RETRY_AFTER_BUSY_S = 2;

/** The error body of a failure (the backend's shape). */
export function backendFailureBody(kind: BackendCallFailure): { code: string; message: string; pretty_message: string } {
  return ANSWERS[kind];
}

/** The JSON answer for a failed backend call: 504 / 503 + Retry-After / 502 (499 when nobody listens). */
export function backendFailureResponse(error: BackendCallError, requestId?: string | null): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (error.kind === 'busy') headers['retry-after'] = String(RETRY_AFTER_BUSY_S);
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return Response.json({ error: ANSWERS[error.kind] }, { status: error.status, headers });
}

type Gate = { active: number; queue: Array<() => void> };

const GATE_KEY = Symbol.for('broker-web-shop.backend-gate');

function gate(): Gate {
  const holder = globalThis as unknown as Record<symbol, Gate | undefined>;
  holder[GATE_KEY] ??= { active: 0, queue: [] };
  return holder[GATE_KEY];
}

/**
 * Calls in flight and waiting (tests).
 * @testSeam
 */
export function backendGateLoad(): { active: number; queued: number } {
  const g = gate();
  return { active: g.active, queued: g.queue.length };
}

/** Frees a slot: it passes to the first call waiting in the queue, else the gate holds one call fewer. */
function releaser(g: Gate): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = g.queue.shift();
    if (next) next();
    else g.active -= 1;
  };
}

/**
 * enterBackendGate as a promise, for callBackend and readBackend (backend-read.ts): resolves with the slot's
 * release, rejects with BackendCallError('busy') when the queue is full, or with `signal.reason` when the signal
 * is aborted already or aborts while queued.
 */
export function acquireBackendSlot(signal: AbortSignal): Promise<() => void> {
  // Already aborted (the caller left before the call began): no slot, and no wait in the queue for an 'abort'
  // event that has already fired.
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    let granted = false;
    const onAbort = () => {
      leave();
      reject(signal.reason);
    };
    const leave = enterBackendGate((release) => {
      granted = true;
      signal.removeEventListener('abort', onAbort);
      resolve(release);
    });
    if (!granted) signal.addEventListener('abort', onAbort, { once: true });
  });
}

const STAY = () => undefined;

/**
 * A slot of the shared gate: the one way in, for callBackend and readBackend (through `acquireBackendSlot`) and for the web server's BFF read
 * path (server/bff-fast-path.ts, directly: no promise or AbortSignal per call): `granted` runs at once when a slot is
 * free, else when one passes to it from the same queue; a full queue throws BackendCallError('busy'). Returns
 * the way out of the queue for a call that gives up while it waits (a no-op once granted). Call the release
 * `granted` receives when the answer is done.
 */
export function enterBackendGate(granted: (release: () => void) => void): () => void {
  const env = getServerEnv();
  const g = gate();
  if (g.active < env.BACKEND_MAX_CONCURRENCY) {
    g.active += 1;
    granted(releaser(g));
    return STAY;
  }
  if (g.queue.length >= env.BACKEND_MAX_QUEUE) throw new BackendCallError('busy', 'backend call queue full');
  const wake = () => granted(releaser(g)); // the slot of the call that released passes to this one
  g.queue.push(wake);
  return () => {
    const index = g.queue.indexOf(wake);
    if (index >= 0) g.queue.splice(index, 1);
  };
}

/** What a failed call was: the caller left, the deadline passed, or the backend could not be reached. */
export function backendCallFailure(error: unknown, timedOut: boolean, client: AbortSignal | null | undefined): BackendCallError {
  if (error instanceof BackendCallError) return error;
  if (client?.aborted) return new BackendCallError('aborted', 'client went away', { cause: error });
  if (timedOut) return new BackendCallError('timeout', 'backend call timed out', { cause: error });
  return new BackendCallError('unreachable', 'backend unreachable', { cause: error });
}

/**
 * fetch() towards the backend, bounded as described above. Resolves with the Response (whatever its status);
 * rejects with a BackendCallError. The concurrency slot is held until the answer's body is read or cancelled.
 *
 * The deadline is a timer cleared when the call is over, not `AbortSignal.timeout`: that one stays armed for the
 * whole BACKEND_TIMEOUT_MS whatever the call did, and a timer started during a render carries the render's
 * AsyncLocalStorage stores (request, response, React's render state). Under load (issue 17, 20 s at 50 connections
 * on /account/orders) ~1,950 such timers were armed at the end of the run, each holding a finished render.
 */
export async function callBackend(url: string | URL, init: RequestInit = {}, options: BackendCallOptions = {}): Promise<Response> {
  const env = getServerEnv();
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    options.timeoutMs ?? env.BACKEND_TIMEOUT_MS,
  );
  timer.unref();
  const timeout = deadline.signal;
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let release: (() => void) | null = null;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    signal.removeEventListener('abort', finish);
    release?.();
  };
  try {
    release = await acquireBackendSlot(signal);
    const headers = new Headers(init.headers);
    if (options.requestId) headers.set(REQUEST_ID_HEADER, options.requestId);
    const response = await fetch(url, { ...init, headers, signal, cache: 'no-store' });
    return holdUntilRead(response, finish, signal);
  } catch (error) {
    finish();
    throw backendCallFailure(error, timeout.aborted, options.signal);
  }
}

/**
 * Keeps the slot (and the deadline) until the body is consumed, cancelled or aborted (a streamed answer counts
 * as in flight); `finish` ends the call.
 */
function holdUntilRead(response: Response, finish: () => void, signal: AbortSignal): Response {
  if (!response.body || [101, 204, 205, 304].includes(response.status)) {
    finish();
    return response;
  }
  signal.addEventListener('abort', finish, { once: true });
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
