import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Starts the built processes (backend/dist/main.mjs, server/dist/main.mjs) with settings of a spec's own, for
 * specs that need servers configured differently from the main e2e servers (production refusals, captcha on).
 * The environment is built from scratch (no inherited secrets or .env values), so a spec says every setting.
 */
const ROOT = process.cwd();
const BASE_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NEXT_TELEMETRY_DISABLED: '1',
  // Empty counts as unset for both processes, and keeps Next.js from filling these from a developer's .env.
  RECAPTCHA_SITE_KEY: '',
  RECAPTCHA_SECRET: '',
  GOOGLE_CLIENT_ID: '',
  DEV_ENDPOINTS: '',
  CAPTCHA_ENABLED: '',
};

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<number | string>;
  stop: () => Promise<void>;
};

function start(args: string[], env: Record<string, string>, cwd: string): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...BASE_ENV, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code: number | null, signal: string | null) => resolve(code ?? signal ?? -1)));
  return {
    child,
    output: () => text,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The backend bundle; its working directory is `cwd` (a temporary one keeps a developer's .env out). */
export function startBackend(env: Record<string, string>, cwd: string): ServerProcess {
  return start([path.join(ROOT, 'backend/dist/main.mjs')], env, cwd);
}

/** The production web server on the existing build. */
export function startWeb(port: number, env: Record<string, string>): ServerProcess {
  return start([path.join(ROOT, 'server/dist/main.mjs'), '-p', String(port)], { ...env, PORT: String(port) }, ROOT);
}

/** `npm start` itself (scripts/start.mjs, the supervisor of both processes) on the existing build. */
export function startLauncher(env: Record<string, string>): ServerProcess {
  return start([path.join(ROOT, 'scripts/start.mjs')], env, ROOT);
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers below 500, failing early (with its output) if the process ends first. */
export async function waitUntilUp(url: string, proc: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let ended = false;
  void proc.exited.then(() => (ended = true));
  while (Date.now() < end) {
    if (ended) throw new Error(`the process ended before ${url} came up:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up in time:\n${proc.output()}`);
}
