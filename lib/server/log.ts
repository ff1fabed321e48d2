/**
 * The web app's structured log: one JSON object per line on stdout/stderr (`time`, `level`, `msg`, and fields
 * such as `request_id`), the same shape as the reference backend's pino lines, so one query finds a request in
 * both. `LOG_LEVEL` (shared with the backend) filters: debug < info < warn < error; `silent` logs nothing.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
type Level = LogLevel;
const ORDER: Record<Level | 'silent', number> = { debug: 20, info: 30, warn: 40, error: 50, silent: 100 };

function thresholdOf(value: string | undefined): number {
  const level = (value ?? 'info').toLowerCase();
  if (level === 'trace') return 0;
  if (level === 'fatal') return 60;
  return ORDER[level as Level | 'silent'] ?? ORDER.info;
}

/**
 * LOG_LEVEL is read once, at the first line (server/settings.ts validates it at start-up): reading `process.env`
 * for every line was 1.3% of a cached guest page's CPU (issue 17).
 */
let levelThreshold: number | undefined;
function threshold(): number {
  levelThreshold ??= thresholdOf(process.env.LOG_LEVEL);
  return levelThreshold;
}

function errorFields(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { type: value.name, message: value.message, stack: value.stack };
}

/**
 * Info and debug lines (one per request) are written in batches: the lines of one turn of the event loop go out in
 * one write, at the end of the turn or once 64 KB are waiting, instead of one write each. stdout is synchronous for
 * files and pipes on Linux, and under load the per-line writes were 5% of the BFF's CPU (issue 17). Whatever waits
 * is written before a warning or an error (so the order of a request's lines holds) and when the process exits.
 */
const BATCH_MAX_CHARS = 64 * 1024;
let pending = '';
let flushDue = false;
let exitHookInstalled = false;

function flushPending(): void {
  flushDue = false;
  if (pending === '') return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

function writeBatched(line: string): void {
  pending += line;
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', flushPending);
  }
  if (pending.length >= BATCH_MAX_CHARS) flushPending();
  else if (!flushDue) {
    flushDue = true;
    setImmediate(flushPending);
  }
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const entry: Record<string, unknown> = { level: ORDER[level], time: Date.now(), msg, ...fields };
  if ('err' in entry) entry.err = errorFields(entry.err);
  const line = `${JSON.stringify(entry)}\n`;
  if (level === 'error' || level === 'warn') {
    flushPending();
    process.stderr.write(line);
  } else writeBatched(line);
}
