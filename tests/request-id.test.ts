import { describe, expect, it } from 'vitest';
import { isSafeRequestId, requestIdFrom } from '@/lib/net/request-id';
import { apiErrorFromResponse } from '@/lib/api/errors';

describe('request ids', () => {
  it('keeps a short id of a safe charset and replaces anything else', () => {
    expect(requestIdFrom('lb-4f2a.7:1')).toBe('lb-4f2a.7:1');
    for (const bad of ['', 'a b', 'x'.repeat(65), '<script>', 'id\r\nset-cookie: a=b', null, undefined]) {
      const id = requestIdFrom(bad);
      expect(id).not.toBe(bad);
      expect(isSafeRequestId(id)).toBe(true);
    }
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('a server failure names its reference code in the Romanian message; a 4xx does not', () => {
    const server = apiErrorFromResponse(504, { error: { code: 'backend_timeout', pretty_message: 'Serviciul nu a răspuns la timp.' } }, 'abc-1');
    expect(server.prettyMessage).toBe('Serviciul nu a răspuns la timp. Cod de referință: abc-1.');
    expect(server.requestId).toBe('abc-1');
    const client = apiErrorFromResponse(422, { error: { code: 'validation_failed', pretty_message: 'Date invalide.' } }, 'abc-2');
    expect(client.prettyMessage).toBe('Date invalide.');
  });
});
