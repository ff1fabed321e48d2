import { Session } from 'node:inspector';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives memory back after a burst of traffic. Under load V8 grows its heap and keeps it while nothing allocates,
 * so an idle server would sit at its peak for good. Once the server has been idle for `idleMs` after serving
 * requests, this runs a memory-reducing collection, and another one `idleMs` later (what the first could not
 * free yet: the backend's keep-alive sockets close in between), never while requests are coming in. The
 * server's collection also gives the C heap's free pages back after V8's (native-heap.ts).
 * Measured by `npm run bench` and `npm run bench:load`.
 */
export type IdleCollectorOptions = {
  idleMs: number;
  /** The collection; `reduceMemory()` by default. */
  collect?: () => unknown;
  now?: () => number;
};

/** V8's gc() without starting node with --expose-gc. */
export function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}

/**
 * V8's memory-reducing collection (what it runs on a low-memory notification), through the in-process inspector
 * (`HeapProfiler.collectGarbage`; no port is opened). gc() is a plain full collection: it frees the garbage but
 * keeps the old generation's pages committed and the young generation at its peak size (32 MB) until V8's own
 * heuristics shrink them, which after a burst took 10–25 s, or never when nothing allocated meanwhile. This one
 * compacts, gives the pages back and shrinks the young generation at once (issue 17, /account/orders at 50
 * connections, RSS 10 s after the traffic against ~150 MB at the start: 207–233 MB with gc(), 163–173 MB with
 * this). Falls back to gc() in a Node.js built without the inspector. `afterCollection` runs once the
 * collection is done (the server passes the native heap's trim: native-heap.ts), and then the promise resolves.
 */
export function reduceMemory(afterCollection?: (() => unknown) | null): () => Promise<void> {
  const collect = collectGarbage();
  return async () => {
    await collect();
    afterCollection?.();
  };
}

function collectGarbage(): () => Promise<void> {
  if (!process.features.inspector) {
    const gc = exposeGc();
    return async () => gc();
  }
  return () =>
    new Promise((resolve) => {
      const session = new Session();
      session.connect();
      session.post('HeapProfiler.collectGarbage', () => {
        // Disconnecting inside the answer's callback leaves the process unable to exit (Node.js 20).
        setImmediate(() => {
          session.disconnect();
          resolve();
        });
      });
    });
}

export class IdleCollector {
  private lastRequestAt = 0;
  /** Collections still due in the current idle period (2 after any request). */
  private due = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly collect: () => unknown;
  private readonly now: () => number;

  constructor(private readonly options: IdleCollectorOptions) {
    this.collect = options.collect ?? reduceMemory();
    this.now = options.now ?? Date.now;
  }

  noteRequest(): void {
    this.lastRequestAt = this.now();
    this.due = 2;
  }

  /** Checks idleness; the interval calls it, tests call it directly. */
  tick(): void {
    if (this.due === 0) return;
    const idleFor = this.now() - this.lastRequestAt;
    const threshold = this.options.idleMs * (3 - this.due); // idleMs for the first, 2 × idleMs for the second
    if (idleFor < threshold) return;
    this.due -= 1;
    this.collect();
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), Math.max(250, this.options.idleMs / 2));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
