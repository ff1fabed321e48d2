// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pooledRandomBytes } from '@/lib/crypto/random-pool';
import { createNonce } from '@/lib/proxy/security-headers';

describe('pooled CSPRNG bytes (issue 17)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands out each byte of a block once, and draws a new block when one runs out', () => {
    const draws: Uint8Array[] = [];
    const real = crypto.getRandomValues.bind(crypto);
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const filled = real(array as unknown as Uint8Array);
      draws.push(new Uint8Array(filled));
      return array;
    });
    const parts = Array.from({ length: 600 }, () => new Uint8Array(pooledRandomBytes(16)));
    // 600 × 16 = 9,600 bytes: the rest of any block in use when the test began, then whole 4 KB blocks.
    expect(draws.length).toBeGreaterThanOrEqual(2);
    expect(draws.length).toBeLessThanOrEqual(3);
    const handedOut = Buffer.concat(parts.slice(-256));
    const lastBlocks = Buffer.concat(draws.slice(-1));
    // The bytes handed out are the CSPRNG's, in order, none twice.
    expect(lastBlocks.includes(handedOut.subarray(handedOut.length - 512))).toBe(true);
    expect(new Set(parts.map((p) => Buffer.from(p).toString('hex'))).size).toBe(parts.length);
  });

  it('refuses a request larger than a block', () => {
    expect(() => pooledRandomBytes(4097)).toThrow(RangeError);
  });

  it('nonces are 128-bit base64 and never repeat', () => {
    const nonces = Array.from({ length: 2000 }, () => createNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
