/**
 * Time source; tests inject a fake clock. Calendar days and the Bucharest day of an instant are the contract's (contract/day.ts).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export class FakeClock implements Clock {
  private t: number;
  constructor(start: Date | string | number = Date.now()) {
    this.t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  set(at: Date | string | number): void {
    this.t = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** The system clock moved by an offset: the running server's clock when dev endpoints are on (`POST /dev/clock`). */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  set(at: Date | string | number): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
