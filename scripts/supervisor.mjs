/**
 * How `npm start`'s supervisor (scripts/start.mjs) stops its children: one at a time, the last started first.
 * The web server (started after the backend) drains first: its requests in flight still call the backend, and
 * before it exits it ends at the backend the sessions of logouts the backend could not take yet
 * (lib/bff/session-revocation.ts). A backend stopped at the same moment refused all of that. Each child gets
 * SIGTERM, and SIGKILL if it is still there after `drainMs` and a margin; the next one is stopped once it is gone.
 */

/**
 * @param {Array<[string, import('node:child_process').ChildProcess]>} children in the order they were started
 * @param {{ drainMs: number, marginMs?: number, exit: () => void }} options `exit` runs once every child is stopped
 */
export function stopChildren(children, { drainMs, marginMs = 5000, exit }) {
  const running = (child) => child.exitCode === null && child.signalCode === null;
  const order = [...children].reverse();
  const stopFrom = (index) => {
    if (index >= order.length) return exit();
    const [, child] = order[index];
    if (!running(child)) return stopFrom(index + 1);
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopFrom(index + 1);
    };
    const timer = setTimeout(() => {
      if (running(child)) child.kill('SIGKILL');
      next();
    }, drainMs + marginMs);
    timer.unref();
    child.once('exit', next);
    child.kill('SIGTERM');
  };
  stopFrom(0);
}
