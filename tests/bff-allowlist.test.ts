// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isForwardable } from '@/lib/bff/allowlist';

/** Every `/api/v1/…` call written in lib/api/* and the components, as method + path with ids filled in. */
function callsOfTheApp(): { method: string; path: string; where: string }[] {
  const calls: { method: string; path: string; where: string }[] = [];
  const files = ['lib/api', 'components', 'lib/account', 'lib/shop', 'lib/content'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(dir, f)),
  );
  const call = /\.(get|post|put|delete)(?:<[^(]*?>)?\(\s*[`']\/api\/v1\/([^`'?]+)/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(call)) {
      calls.push({ method: m[1].toUpperCase(), path: m[2].replace(/\$\{[^}]+\}/g, '42'), where: file });
    }
  }
  return calls;
}

describe('BFF allowlist', () => {
  it('lists every call the app makes', () => {
    const calls = callsOfTheApp();
    // A floor, so that a scanner that matches nothing cannot pass: the app makes 34 such calls today.
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((c) => !isForwardable(c.method, c.path))).toEqual([]);
  });

  it('never lists the IPN, admin or dev endpoints, nor dot segments', () => {
    for (const [method, p] of [
      ['POST', 'payments/ipn'],
      ['GET', 'admin/maintenance'],
      ['PUT', 'admin/product-statuses'],
      ['GET', 'dev/outbox'],
      ['POST', 'dev/fail-next'],
      ['GET', 'orders/..'],
      ['GET', 'orders/.'],
      ['GET', 'orders/%2e%2e'],
      ['GET', 'orders/1%2F..%2F..%2Fadmin'],
      ['GET', 'info-pages/a/b'],
      ['GET', 'products/'],
      ['OPTIONS', 'products'],
      // A stored quote holds its customer's CNP and plate; the app never reads one back, so nobody may through it.
      ['GET', 'quotes/0b6f4c1e-8f3a-4d2b-9a7e-1c2d3e4f5a6b'],
    ]) {
      expect(isForwardable(method, p), `${method} ${p}`).toBe(false);
    }
  });
});
