import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives memory back after a burst of traffic. Under load V8 grows its heap and keeps it while nothing allocates,
 * so an idle server would sit at its peak for good. Once the server has been idle for `idleMs` after serving
 * requests, this runs two full collections back to back, and one more `idleMs` later, never while requests are
 * coming in. One collection frees the garbage but leaves most of the old generation's pages committed; the second
 * one right after compacts them and V8 gives them back (issue 17, /account/orders at 50 connections: heap 142 →
 * 63 MB, RSS 258 → 179 MB against 150 MB at the start, 5 s after the traffic; a single collection left 113 MB
 * of heap until the next one `idleMs` later, past the 10 s in which memory should be back). The last one, after
 * a quiet period, is where V8 usually also shrinks its young generation. Measured by `npm run bench` and
 * `npm run bench:load`.
 */
export type IdleCollectorOptions = {
  idleMs: number;
  /** Full garbage collection; `exposeGc()` by default. */
  collect?: () => void;
  now?: () => number;
};

/** V8's gc() without starting node with --expose-gc. */
export function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}

export class IdleCollector {
  private lastRequestAt = 0;
  /** Idle points still due in the current idle period (2 after any request: idleMs and 2 × idleMs). */
  private due = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly collect: () => void;
  private readonly now: () => number;

  constructor(private readonly options: IdleCollectorOptions) {
    this.collect = options.collect ?? exposeGc();
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
    if (this.due === 1) this.collect();
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
