/**
 * `run`, shared by its callers: one run at a time, and its result answers every call made while it runs and for
 * `reuseMs` after it settled (readiness probes: a flood of them costs one check a second). The arguments of the
 * call that starts a run are the ones used.
 */
export function shareRecentResult<A extends unknown[], T>(reuseMs: number, run: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let current: Promise<T> | null = null;
  let settledAt: number | null = null;
  return (...args) => {
    if (current && (settledAt === null || performance.now() - settledAt < reuseMs)) return current;
    settledAt = null;
    const started: Promise<T> = run(...args).finally(() => {
      if (current === started) settledAt = performance.now();
    });
    current = started;
    return started;
  };
}
