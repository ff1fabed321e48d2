import { writeSync } from 'node:fs';

/**
 * Where the API's JSON log lines go (stdout, fd 1), written so that the log never stops the API.
 *
 * pino's default destination re-threw a failed write as an uncaught exception and then, on the way out, retried
 * the line every 100 ms for ever with the event loop blocked: with stdout on a full disk (ENOSPC) the process held
 * its port and answered nothing, not even /healthz or SIGTERM. Here:
 * - the lines of one turn of the event loop go out in one write at the end of the turn (as the web app's log);
 * - a write that fails (ENOSPC, EPIPE, EIO…) drops its lines and counts them; the next batch tries again, and the
 *   first one that gets through says how many lines were dropped (a disk that has room again gets its log back);
 * - a pipe that is full (EAGAIN: the reader is slow) keeps the rest and tries again in 50 ms, holding at most
 *   `maxPendingChars` (then the oldest waiting lines are dropped and counted);
 * - what is waiting when the process exits is written once, errors ignored.
 */
export interface LogStream {
  write(line: string): void;
  /** Writes what is waiting now (tests). */
  flush(): void;
}

const RETRY_MS = 50;

/** What each stream still has to write when the process exits (one exit hook for all of them). */
const exitFlushes = new Set<() => void>();
let exitHookInstalled = false;

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

export function safeLogStream(fd = 1, options: { maxPendingChars?: number } = {}): LogStream {
  const maxPending = options.maxPendingChars ?? 4 * 1024 * 1024;
  let pending = '';
  let dropped = 0;
  let scheduled: NodeJS.Immediate | NodeJS.Timeout | null = null;

  const flush = () => {
    scheduled = null;
    if (pending === '') return;
    const body = Buffer.from(pending, 'utf8');
    pending = '';
    const droppedBefore = dropped;
    dropped = 0;
    const header = droppedBefore > 0
      ? Buffer.from(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: writing the log failed', dropped: droppedBefore })}\n`)
      : Buffer.alloc(0);
    let buffer = Buffer.concat([header, body]);
    try {
      while (buffer.length > 0) buffer = buffer.subarray(writeSync(fd, buffer));
    } catch (err) {
      // What was not written of the notice of dropped lines is not kept: its count is.
      const rest = buffer.length > body.length ? body : buffer;
      const notice = buffer.length > body.length ? droppedBefore : 0;
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
        // A full pipe: the rest waits for its reader.
        pending = rest.toString('utf8') + pending;
        dropped += notice;
        later(RETRY_MS);
      } else {
        dropped += notice + Math.max(1, lineCount(rest.toString('utf8')));
      }
    }
  };

  const later = (ms: number) => {
    if (scheduled) return;
    scheduled = ms > 0 ? setTimeout(flush, ms) : setImmediate(flush);
    scheduled.unref();
  };

  exitFlushes.add(() => {
    if (pending === '') return;
    try {
      writeSync(fd, pending);
    } catch {
      // nothing more can be done on the way out
    }
  });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const flushOnExit of exitFlushes) flushOnExit();
    });
  }

  return {
    write(line: string) {
      pending += line;
      if (pending.length > maxPending) {
        // The oldest waiting lines go first (whole lines).
        const cut = pending.indexOf('\n', pending.length - maxPending - 1);
        const kept = cut === -1 ? '' : pending.slice(cut + 1);
        dropped += lineCount(pending.slice(0, pending.length - kept.length));
        pending = kept;
      }
      later(0);
    },
    flush,
  };
}
