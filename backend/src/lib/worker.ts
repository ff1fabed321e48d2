import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job of the server: runs `task` every `intervalMs` and when kicked, never two runs at once.
 * `stop()` clears the timer, aborts the signal the run in progress was given (a task working through a batch ends
 * after the item in hand and leaves the rest due) and waits for that run, so a server closes cleanly and soon.
 */
export class PeriodicWorker {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private halt = new AbortController();

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly task: (signal: AbortSignal) => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs the task soon (after the current synchronous work, e.g. the transaction that queued something). */
  kick(): void {
    if (this.stopped || this.soon) return;
    this.soon = setImmediate(() => {
      this.soon = null;
      void this.runOnce();
    });
  }

  /** Runs the task now (after the run in progress, if any) and resolves with what it did. */
  async runOnce(): Promise<number> {
    while (this.running) await this.running;
    const run: Promise<number> = this.task(this.halt.signal)
      .catch((err) => {
        this.log.error({ err, worker: this.name }, 'background job failed');
        return 0;
      })
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
    this.timer = null;
    this.soon = null;
    this.halt.abort();
    while (this.running) await this.running;
    // A later runOnce (tests, a restart of the worker) runs whole again.
    this.halt = new AbortController();
  }
}

/** Delay before retry number `attempt` (1 = the first retry): the schedule's entry, its last one afterwards. */
export function backoffMs(scheduleSeconds: readonly number[], attempt: number): number {
  const i = Math.min(Math.max(attempt, 1), scheduleSeconds.length) - 1;
  return scheduleSeconds[i] * 1000;
}
