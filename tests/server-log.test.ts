// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newXsrfToken } from '@/lib/bff/csrf';
import { log } from '@/lib/server/log';

describe('log lines are written in batches (issue 17)', () => {
  let writes: Array<[string, string]>;
  beforeEach(() => {
    writes = [];
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (writes.push(['out', String(chunk)]), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (writes.push(['err', String(chunk)]), true));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const messages = (text: string) => text.trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('the info lines of one turn go out in one write at its end', async () => {
    log('info', 'first', { request_id: 'r1' });
    log('info', 'second');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(messages(writes[0][1])).toEqual(['first', 'second']);
  });

  it('waiting lines are written before a warning or an error, which is not delayed', async () => {
    log('info', 'request');
    log('error', 'failed');
    expect(writes.map(([stream, text]) => [stream, messages(text)])).toEqual([
      ['out', ['request']],
      ['err', ['failed']],
    ]);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('a burst is written once 64 KB are waiting, without waiting for the turn to end', async () => {
    const padding = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) log('info', `line ${i}`, { padding });
    expect(writes).toHaveLength(1);
    expect(messages(writes[0][1])[0]).toBe('line 0');
    await nextTurn();
    expect(writes.flatMap(([, text]) => messages(text))).toEqual(Array.from({ length: 70 }, (_, i) => `line ${i}`));
  });
});

describe('XSRF tokens', () => {
  it('are 32 base64url characters, never repeated across refills of the random pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newXsrfToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
