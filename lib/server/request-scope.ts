import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of server work belongs to, for everything that runs inside it: the web server
 * (server/main.ts) opens a scope per request, and Next.js's render, proxy.ts and route handlers run inside it.
 *   - `requestId`: the id of every log line written meanwhile (Next.js's own included: server/json-console.ts);
 *   - `signal`: aborted when the client goes away before its answer is complete, so that a server component's
 *     backend calls are cancelled with it (lib/api/server.ts) instead of holding a backend slot until their timeout.
 *
 * The web server and the Next.js app are bundled apart but run in one process: the storage lives on globalThis
 * under a registered symbol, so both bundles read the same scope.
 */
const KEY = Symbol.for('broker-web-shop.request-scope');

/** Cancels a request's work when its client leaves. The AbortController is made only when someone asks for it. */
export class RequestAbort {
  private controller: AbortController | null = null;
  private left = false;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.left) this.controller.abort(clientLeftReason());
    }
    return this.controller.signal;
  }

  /** The client went away before the answer was complete. */
  clientLeft(): void {
    if (this.left) return;
    this.left = true;
    this.controller?.abort(clientLeftReason());
  }
}

function clientLeftReason(): Error {
  return new DOMException('The client went away before the answer was complete', 'AbortError');
}

export type RequestScope = { requestId: string; abort: RequestAbort };

function storage(): AsyncLocalStorage<RequestScope> {
  const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestScope> | undefined>;
  holder[KEY] ??= new AsyncLocalStorage<RequestScope>();
  return holder[KEY];
}

/** Runs `fn` as the work of `scope`. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage().run(scope, fn);
}

/** The scope of the request being served, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return storage().getStore();
}

/** The signal of the request being served: aborted when its client leaves. Undefined outside a request. */
export function currentRequestSignal(): AbortSignal | undefined {
  return storage().getStore()?.abort.signal;
}
