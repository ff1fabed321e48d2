import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopChildren } from '../scripts/supervisor.mjs';

/**
 * `npm start` stops its servers (scripts/start.mjs). The web server drains first: its requests in flight still call
 * the backend, and before it exits it ends at the backend the sessions of logouts the backend could not take yet
 * (lib/bff/session-revocation.ts). A backend stopped at the same moment refuses all of that.
 */
class FakeChild extends EventEmitter {
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly signals: string[] = [];
  constructor(private readonly log: string[], readonly name: string) {
    super();
  }
  kill(signal: NodeJS.Signals = 'SIGTERM') {
    this.signals.push(signal);
    this.log.push(`${this.name} ${signal}`);
    return true;
  }
  exited(code = 0) {
    this.exitCode = code;
    this.log.push(`${this.name} exited`);
    this.emit('exit', code, null);
  }
}

afterEach(() => vi.useRealTimers());

describe('npm start supervisor: stopping', () => {
  it('stops the backend only once the web server has drained and exited', () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const backend = new FakeChild(log, 'backend');
    const web = new FakeChild(log, 'web');
    const exit = vi.fn();
    stopChildren([['backend', backend], ['web', web]], { drainMs: 15_000, exit });
    expect(web.signals).toEqual(['SIGTERM']);
    expect(backend.signals).toEqual([]);
    vi.advanceTimersByTime(10_000);
    web.exited(0);
    expect(backend.signals).toEqual(['SIGTERM']);
    backend.exited(0);
    expect(log).toEqual(['web SIGTERM', 'web exited', 'backend SIGTERM', 'backend exited']);
  });

  it('a web server that does not exit is killed after its drain time, then the backend is stopped and given its own', () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const backend = new FakeChild(log, 'backend');
    const web = new FakeChild(log, 'web');
    const exit = vi.fn();
    stopChildren([['backend', backend], ['web', web]], { drainMs: 15_000, marginMs: 5000, exit });
    vi.advanceTimersByTime(20_000);
    expect(web.signals).toEqual(['SIGTERM', 'SIGKILL']);
    web.exited(137);
    expect(backend.signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(19_999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(backend.signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('a child that has already exited is not signalled; the other one is stopped at once', () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const backend = new FakeChild(log, 'backend');
    const web = new FakeChild(log, 'web');
    web.exitCode = 1;
    stopChildren([['backend', backend], ['web', web]], { drainMs: 15_000, exit: vi.fn() });
    expect(web.signals).toEqual([]);
    expect(backend.signals).toEqual(['SIGTERM']);
  });
});
