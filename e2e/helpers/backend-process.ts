import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A second reference backend (the built bundle, backend/dist/main.mjs) that a test starts, kills and restarts
 * on its own database: crash and restart tests. Its port is E2E_EXTRA_BACKEND_PORT, or the test backend's
 * port + 20 (4120 by default), so it never meets the suite's shared backend.
 */
export const EXTRA_BACKEND_PORT = Number(process.env.E2E_EXTRA_BACKEND_PORT || Number(process.env.E2E_BACKEND_PORT || 4100) + 20);

/** The admin token and payment secret the extra backend runs with (explicit: never a generated local secret). */
export const EXTRA_ADMIN_TOKEN = 'e2e-extra-backend-admin-token';

export interface BackendProcess {
  url: string;
  proc: ChildProcess;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** A fresh directory for a database shared by the processes of one test. */
export function tempDatabase(): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-e2e-'));
  return { file: path.join(dir, 'broker.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the bundle on `port` (EXTRA_BACKEND_PORT unless told) with `databasePath` and `env`, and waits until it answers. */
export async function startBackendProcess(databasePath: string, env: Record<string, string> = {}, port = EXTRA_BACKEND_PORT): Promise<BackendProcess> {
  const url = `http://127.0.0.1:${port}`;
  // The server itself is the child (no shell, no npm), so the PID held here is the one a kill reaches.
  const proc = spawn(process.execPath, ['backend/dist/main.mjs'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      DATABASE_PATH: databasePath,
      DEV_ENDPOINTS: '1',
      LOG_LEVEL: 'warn',
      WEB_APP_URL: 'http://localhost:3000',
      ADMIN_TOKEN: EXTRA_ADMIN_TOKEN,
      PAYMENT_SIGNING_SECRET: 'e2e-extra-backend-payment-signing-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += String(d)));
  proc.stderr?.on('data', (d) => (log += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`backend exited at start:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/maintenances/status`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`backend did not answer within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc, exited, output: () => log };
}
