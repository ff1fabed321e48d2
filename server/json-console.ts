import { format } from 'node:util';
import { log, type LogLevel } from '@/lib/server/log';
import { currentRequestScope } from '@/lib/server/request-scope';
import { CLIENT_CLOSED_REQUEST } from '@/lib/net/backend-call';

/**
 * Every line the web process writes is a JSON log line (issue 15): Next.js's own output (start-up notes, render
 * errors it reports with `console.error`, warnings) goes through lib/server/log.ts like the server's own lines,
 * with the request id of the request it happened in when there is one.
 *
 * - `console.*` is routed to `log()`: the formatted arguments become `msg`, an Error argument becomes `err`.
 * - Anything else written straight to stdout/stderr that is not already a log line is wrapped line by line.
 * - Process warnings are logged as JSON; so are a start-up crash and, once Next.js runs, the uncaught errors its
 *   own handlers report through `console.error`.
 */
function scopeFields(): Record<string, unknown> {
  // The request scope server/main.ts opens for each request (lib/server/request-scope.ts).
  const id = currentRequestScope()?.requestId;
  return id ? { request_id: id } : {};
}

const CONSOLE_LEVELS: Array<[keyof Console & ('log' | 'info' | 'debug' | 'trace' | 'warn' | 'error'), LogLevel]> = [
  ['log', 'info'],
  ['info', 'info'],
  ['debug', 'debug'],
  ['trace', 'debug'],
  ['warn', 'warn'],
  ['error', 'error'],
];

/** Next.js prefixes its lines with a coloured status glyph (✓, ⚠, ⨯, ▲, ○); the level already says it. */
const GLYPH = /^\s*[✓⚠⨯▲○•]\s*/u;
const ANSI = /\u001b\[[0-9;]*m/g;

function plain(text: string): string {
  return text.replace(ANSI, '').replace(GLYPH, '');
}

/** The fields of one console call: the text of its arguments as `msg`, its first Error as `err`. */
export function consoleEntry(args: unknown[]): { msg: string; fields: Record<string, unknown> } {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error);
  let msg = rest.length > 0 ? plain(format(...rest)).trim() : '';
  if (!msg) msg = error?.message ?? '';
  const fields: Record<string, unknown> = { ...scopeFields() };
  if (error) {
    fields.err = error;
    // Next.js's render errors carry a digest (the code the error page shows) and our ApiError a request id.
    const extra = error as Error & { digest?: unknown; code?: unknown; status?: unknown };
    if (typeof extra.digest === 'string') fields.digest = extra.digest;
    if (typeof extra.code === 'string') fields.code = extra.code;
    if (typeof extra.status === 'number') fields.status = extra.status;
  }
  return { msg, fields };
}

type Writable = { write: (chunk: never, ...rest: never[]) => boolean };

/** Wraps each non-empty line of raw output that is not already a JSON log line. */
function guardStream(stream: NodeJS.WriteStream, level: LogLevel): void {
  const original = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  (stream as unknown as Writable).write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    // lib/server/log.ts writes whole lines that start so; they pass untouched (the hot path).
    if (text.startsWith('{"level":')) return original(chunk, ...rest);
    for (const line of text.split('\n')) {
      const msg = plain(line).trimEnd();
      if (msg.trim()) log(level, msg, { ...scopeFields(), raw: true });
    }
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
    return true;
  }) as never;
}

/** Installs all of the above on this process; call once, before Next.js starts. */
export function routeProcessOutputThroughLog(): () => void {
  for (const [method, level] of CONSOLE_LEVELS) {
    console[method] = (...args: unknown[]) => {
      const { msg, fields } = consoleEntry(args);
      // A render whose client went away fails with the cancelled call's error (lib/server/request-scope.ts), and
      // Next.js reports it as an error; nothing failed (the request's own line says `aborted`): debug only.
      log(fields.code === CLIENT_CLOSED_REQUEST ? 'debug' : level, msg, fields);
    };
  }
  guardStream(process.stdout, 'info');
  guardStream(process.stderr, 'error');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log('warn', warning.message, { warning: warning.name }));
  // Until Next.js installs its own handlers (they log through console and keep serving), a crash at start-up is
  // logged as JSON too and exits 1, as Node itself would. The returned function removes these.
  const fatal = (error: unknown) => {
    log('error', 'uncaught exception', { ...scopeFields(), err: error });
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  return () => {
    process.off('uncaughtException', fatal);
    process.off('unhandledRejection', fatal);
  };
}
