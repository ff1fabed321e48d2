import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { withLocalSecrets } from '../../scripts/local-secrets.mjs';

/**
 * Real processes for the operations fault tests (e2e/operations.spec.ts): servers started from the build on
 * the extra ports, their log lines captured, and a small delaying TCP proxy that stands between the web app
 * and the backend. Every wait is on a condition, with generous limits (a loaded 2-core machine).
 */

/** Extra ports of this checkout: E2E_EXTRA_*_PORT, else E2E_WEB_PORT+10, E2E_BACKEND_PORT+10 / +11. */
export const EXTRA = {
  web: Number(process.env.E2E_EXTRA_WEB_PORT || Number(process.env.E2E_WEB_PORT || 3100) + 10),
  backend: Number(process.env.E2E_EXTRA_BACKEND_PORT || Number(process.env.E2E_BACKEND_PORT || 4100) + 10),
  backend2: Number(process.env.E2E_EXTRA_BACKEND2_PORT || Number(process.env.E2E_BACKEND_PORT || 4100) + 11),
};

export type Server = {
  process: ChildProcess;
  url: string;
  lines: string[];
  /** Resolves with the exit code (or signal name) once the process ended. */
  exited: Promise<number | string>;
};

function start(args: string[], url: string, env: Record<string, string>): Server {
  const child = spawn(process.execPath, args, {
    // The checkout's generated local secrets and captcha off: production refuses to start without secrets.
    env: { ...withLocalSecrets(process.env), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { process: child, url, lines, exited };
}

export function startBackend(port: number, databasePath: string, env: Record<string, string> = {}): Server {
  return start(['backend/dist/main.mjs'], `http://127.0.0.1:${port}`, {
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: String(port),
    DATABASE_PATH: databasePath,
    // A test instance: production refuses the dev endpoints these tests use (delay-next, fail-next).
    NODE_ENV: 'test',
    DEV_ENDPOINTS: '1',
    LOG_LEVEL: 'info',
    WEB_APP_URL: `http://localhost:${EXTRA.web}`,
    ...env,
  });
}

export function startWeb(port: number, backendUrl: string, env: Record<string, string> = {}): Server {
  return start(['server/dist/main.mjs', '-p', String(port)], `http://localhost:${port}`, {
    BACKEND_API_URL: backendUrl,
    PRODUCTS_API_URL: backendUrl,
    WEB_APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** Polls until `check` is true (exceptions count as false). */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function waitForHealthy(server: Server): Promise<void> {
  await waitFor(`${server.url}/healthz`, async () => (await fetch(`${server.url}/healthz`)).status === 200);
}

export async function stop(server: Server | null | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 30_000);
  await server.exited;
  clearTimeout(timer);
}

/** True when nothing accepts connections on the port (loopback). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export type ProxyMode = 'forward' | 'hang' | 'refuse';

/**
 * A TCP proxy on loopback in front of a backend: `forward` passes bytes through, `hang` accepts and never
 * answers (a hung backend), `refuse` closes each new connection at once (a backend that is down). `openCalls`
 * counts the web app's upstream connections that carried a request and are still open.
 */
export async function startDelayingProxy(target: number) {
  let mode: ProxyMode = 'forward';
  const open = new Set<net.Socket>();
  /** Open sockets that carried a request (undici may also open a spare connection that never carries one). */
  const carrying = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    open.add(client);
    client.once('data', () => {
      if (!client.destroyed) carrying.add(client);
    });
    client.on('close', () => {
      open.delete(client);
      carrying.delete(client);
    });
    client.on('error', () => client.destroy());
    if (mode === 'hang') return;
    const upstream = net.connect({ port: target, host: '127.0.0.1' });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next: ProxyMode) {
      mode = next;
      // Connections of the earlier mode go too: the web app's keep-alive pool starts afresh.
      for (const socket of open) socket.destroy();
    },
    openSockets: () => open.size,
    /** Upstream calls still open: sockets that carried a request and are not closed. */
    openCalls: () => carrying.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
