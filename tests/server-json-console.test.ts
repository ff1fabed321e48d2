// @vitest-environment node
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** server/json-console.ts: every line the web process writes is a JSON log line (issue 15). */
describe('JSON process output', () => {
  it('turns console calls, raw writes, warnings and a crash into JSON lines, with the request id in scope', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join('tests', 'helpers', 'json-console-child.ts')], {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'debug', NODE_OPTIONS: '' },
      timeout: 60_000,
    });
    expect(child.status).toBe(1);
    const lines = `${child.stdout}${child.stderr}`.split('\n').filter((line) => line.trim() !== '');
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    for (const entry of entries) {
      expect(typeof entry.level).toBe('number');
      expect(typeof entry.time).toBe('number');
      expect(typeof entry.msg).toBe('string');
    }
    const byMsg = (msg: string) => entries.find((entry) => entry.msg === msg);
    expect(byMsg('Running next.config.ts took 12ms')).toMatchObject({ level: 30 });
    expect(byMsg('backend unreachable: GET /api/v1/orders')).toMatchObject({
      level: 50,
      digest: '4184517212',
      status: 502,
      err: { message: 'backend unreachable: GET /api/v1/orders' },
    });
    expect(byMsg('something 42')).toMatchObject({ level: 40 });
    expect(byMsg('a raw line')).toMatchObject({ level: 30, raw: true });
    expect(byMsg('and another')).toMatchObject({ level: 30 });
    expect(byMsg('raw bytes on stderr')).toMatchObject({ level: 50 });
    expect(byMsg('an experimental thing')).toMatchObject({ level: 40, warning: 'ExperimentalWarning' });
    expect(byMsg('render failed')).toMatchObject({ level: 50, request_id: 'req-123', err: { message: 'inside' } });
    expect(byMsg('coloured')).toMatchObject({ level: 50, request_id: 'req-123', err: { message: 'coloured' } });
    // A cancelled call of a render whose client left is no error.
    expect(byMsg('client went away: GET /api/v1/orders')).toMatchObject({ level: 20, request_id: 'req-123', code: 'client_closed_request' });
    expect(byMsg('uncaught exception')).toMatchObject({ level: 50, err: { message: 'start-up crash' } });
    // Lines outside a request carry no id.
    expect(byMsg('plain info { a: 1 }')).not.toHaveProperty('request_id');
  });
});
