import type { Server } from 'node:http';
import { log } from '@/lib/server/log';

/**
 * Graceful shutdown of the web server (issue 15 item 2). On SIGTERM or SIGINT, or when the `npm start`
 * supervisor that started this process with an IPC channel dies (even by SIGKILL):
 * `/readyz` turns 503 (onDraining), the listener closes (new connections are refused), requests in flight get
 * `drainMs` to finish, connections are closed as soon as they are idle (keep-alive ones included), and the
 * process exits 0 once every connection is gone and `beforeExit` has settled (1 if the drain time ran out first).
 */
export function drainOnShutdown(
  server: Server,
  options: { drainMs: number; onDraining: () => void; beforeExit?: (withinMs: number) => Promise<void> },
) {
  let startedAt = 0;
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    startedAt = performance.now();
    options.onDraining();
    log('info', 'draining', { reason, drain_ms: options.drainMs });
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    setTimeout(() => {
      log('warn', 'drain time over: closing the remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, options.drainMs).unref();
    server.close(async () => {
      clearInterval(idleSweep);
      // Work the customers were told is done (a logout's revocation waiting for the backend) gets what is left
      // of the drain time; the timer above still ends the process when it runs out.
      await options.beforeExit?.(Math.max(0, options.drainMs - (performance.now() - startedAt) - 100)).catch(() => undefined);
      log('info', 'stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => stop('supervisor exited'));
  }
}
