import type { Clock } from './clock';
import { ApiError } from './errors';

/**
 * A fixed-window request counter per subject (a client IP's ipSubject), in this process's memory: for best-effort
 * records anyone may post (analytics events, cookie consents) that must not be able to fill the database. The map
 * holds only the current window's subjects.
 */
export class WindowLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one request of `subject`; throws 429 `too_many_requests` (with Retry-After) over the limit. */
  admit(subject: string): void {
    const now = this.clock.now().getTime();
    if (now - this.windowStart >= this.windowMs || now < this.windowStart) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(subject) ?? 0) + 1;
    if (count > this.limit) {
      const seconds = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
      throw new ApiError(429, 'too_many_requests', 'Too many requests.', 'Prea multe cereri. Încercați din nou în curând.', {
        'retry-after': String(seconds),
      });
    }
    this.counts.set(subject, count);
  }
}
