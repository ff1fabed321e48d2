import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_SECRETS } from './helpers';

/**
 * The log's disk is full (stdout redirected to a file on a full disk, here /dev/full: every write fails with
 * ENOSPC). The API must go on answering, and stop on SIGTERM: pino's default destination re-threw the write error
 * and then, on the way out, retried the line every 100 ms for ever with the event loop blocked, so the process
 * held its port and answered nothing.
 */
const FULL = '/dev/full';
let child: ChildProcess | null = null;
let dir = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answer(url: string, ms: number): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(ms) })).status;
  } catch {
    return 0;
  }
}

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(FULL))('backend with its log on a full disk', () => {
  it('keeps answering and stops on SIGTERM', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'broker-full-'));
    const port = await freePort();
    const out = openSync(FULL, 'w');
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../src/main.ts')], {
      env: {
        ...process.env,
        ...TEST_SECRETS,
        NODE_ENV: 'test',
        CAPTCHA_ENABLED: 'false',
        BACKEND_HOST: '127.0.0.1',
        BACKEND_PORT: String(port),
        DATABASE_PATH: path.join(dir, 'db.sqlite'),
        WEB_APP_URL: 'http://localhost:3730',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', out, 'ignore'],
    });
    closeSync(out);
    const base = `http://127.0.0.1:${port}`;
    // Up once /healthz answers (start-up compiles the TypeScript); then every request still gets its answer.
    const started = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - started < 30_000) {
      status = await answer(`${base}/healthz`, 1000);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    for (let i = 0; i < 5; i++) expect(await answer(`${base}/api/v1/maintenances/status`, 2000)).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000))]);
    expect(code).toBe(0);
  }, 60_000);
});

describe('safeLogStream', () => {
  it('writes the lines of a turn in order, in one batch', async () => {
    const { safeLogStream } = await import('../src/lib/log-stream');
    dir = mkdtempSync(path.join(tmpdir(), 'broker-log-'));
    const file = path.join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const stream = safeLogStream(fd);
      for (let i = 0; i < 100; i++) stream.write(`{"n":${i}}\n`);
      await new Promise((resolve) => setImmediate(resolve));
      const { readFileSync } = await import('node:fs');
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(100);
      expect(lines[99]).toBe('{"n":99}');
    } finally {
      closeSync(fd);
    }
  });

  it.skipIf(!existsSync(FULL))('drops what a full disk refuses without throwing or blocking', async () => {
    const { safeLogStream } = await import('../src/lib/log-stream');
    const fd = openSync(FULL, 'w');
    try {
      const stream = safeLogStream(fd, { maxPendingChars: 1024 });
      const started = Date.now();
      for (let i = 0; i < 1000; i++) {
        stream.write(`{"n":${i}}\n`);
        if (i % 100 === 0) stream.flush();
      }
      stream.flush();
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      closeSync(fd);
    }
  });
});
