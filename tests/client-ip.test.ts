import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIpFromChain, clientIpOfHeaders, isIpAddress, normaliseIp } from '@/lib/net/client-ip';
import { readServerSettings } from '../server/settings';

describe('isIpAddress', () => {
  it.each([
    '1.2.3.4', '0.0.0.0', '255.255.255.255', '127.0.0.1', '::1', '::', '2001:db8::7', 'fe80::1', '::ffff:1.2.3.4',
    '2001:0db8:0000:0000:0000:ff00:0042:8329', '256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', ':::1', '1::2::3', 'g::1',
    '<script>', '', ' 1.2.3.4', 'localhost', '1.2.3.4/8', '[::1]', '::ffff:999.1.1.1', '12345::1', '1:2:3:4:5:6:7:8:9',
  ])('agrees with net.isIP for %j', (value) => {
    expect(isIpAddress(value)).toBe(isIP(value) !== 0);
  });
});

describe('normaliseIp', () => {
  it.each([
    [' 203.0.113.9 ', '203.0.113.9'],
    ['203.0.113.9:51234', '203.0.113.9'],
    ['[2001:DB8::7]:443', '2001:db8::7'],
    ['[::1]', '::1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['<script>alert(1)</script>', null],
    ['unknown', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(normaliseIp(value)).toBe(expected);
  });
});

describe('clientIpFromChain (hop arithmetic)', () => {
  const socket = '10.0.0.2';
  it('with 0 trusted hops answers the socket address, whatever X-Forwarded-For says', () => {
    expect(clientIpFromChain(socket, '6.6.6.6', 0)).toBe(socket);
    expect(clientIpFromChain(socket, '<script>', 0)).toBe(socket);
    expect(clientIpFromChain(socket, undefined, 0)).toBe(socket);
    expect(clientIpFromChain('::ffff:127.0.0.1', '6.6.6.6', 0)).toBe('127.0.0.1');
  });
  it('with N hops answers the N-th entry from the right (what the outermost trusted proxy saw)', () => {
    // client 198.51.100.1 → proxy A (adds 198.51.100.1) → proxy B (adds A = 10.0.0.1) → us (socket B)
    const chain = '6.6.6.6, 198.51.100.1, 10.0.0.1';
    expect(clientIpFromChain(socket, chain, 1)).toBe('10.0.0.1');
    expect(clientIpFromChain(socket, chain, 2)).toBe('198.51.100.1');
    // A forged leftmost entry is never reached unless a third hop is trusted.
    expect(clientIpFromChain(socket, chain, 3)).toBe('6.6.6.6');
  });
  it('joins repeated headers in order', () => {
    expect(clientIpFromChain(socket, ['6.6.6.6', '198.51.100.1'], 1)).toBe('198.51.100.1');
    expect(clientIpFromChain(socket, ['6.6.6.6', '198.51.100.1'], 2)).toBe('6.6.6.6');
  });
  it('stops at the last address it can vouch for when an entry is not an IP or entries run out', () => {
    expect(clientIpFromChain(socket, '<script>alert(1)</script>', 1)).toBe(socket);
    expect(clientIpFromChain(socket, '198.51.100.1, garbage', 2)).toBe(socket);
    expect(clientIpFromChain(socket, 'garbage, 198.51.100.1', 2)).toBe('198.51.100.1');
    expect(clientIpFromChain(socket, '198.51.100.1', 5)).toBe('198.51.100.1');
    expect(clientIpFromChain(socket, '', 1)).toBe(socket);
  });
  it('never answers something that is not an IP address', () => {
    expect(clientIpFromChain(undefined, '<script>', 0)).toBe('0.0.0.0');
    expect(clientIpFromChain('not-an-ip', undefined, 1)).toBe('0.0.0.0');
  });
});

describe('clientIpOfHeaders (proxy.ts, the BFF, its read fast path and server components)', () => {
  it('reads the header server/main.ts set', () => {
    expect(clientIpOfHeaders(new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9', 'x-forwarded-for': '6.6.6.6' }))).toBe('203.0.113.9');
  });
  it('without it never believes X-Forwarded-For (a client chooses it), nor a non-IP', () => {
    expect(clientIpOfHeaders(new Headers({ 'x-forwarded-for': '6.6.6.6, 127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientIpOfHeaders(new Headers({ 'x-forwarded-for': '6.6.6.6' }))).toBe('127.0.0.1');
    expect(clientIpOfHeaders(new Headers({ [CLIENT_IP_HEADER]: '<script>', 'x-forwarded-for': '<b>' }))).toBe('127.0.0.1');
    expect(clientIpOfHeaders(new Headers())).toBe('127.0.0.1');
  });
  it('reads node:http headers the same way (server/bff-fast-path.ts)', () => {
    expect(clientIpOfHeaders({ [CLIENT_IP_HEADER]: '203.0.113.9', 'x-forwarded-for': '6.6.6.6' })).toBe('203.0.113.9');
    expect(clientIpOfHeaders({ [CLIENT_IP_HEADER]: '::ffff:198.51.100.7' })).toBe('198.51.100.7');
    expect(clientIpOfHeaders({ 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
    expect(clientIpOfHeaders({ [CLIENT_IP_HEADER]: ['203.0.113.9', '6.6.6.6'] })).toBe('127.0.0.1');
  });
});

describe('TRUSTED_PROXY_HOPS setting', () => {
  it('defaults to 0 and is validated', () => {
    expect(readServerSettings([], {}).trustedProxyHops).toBe(0);
    expect(readServerSettings([], { TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(() => readServerSettings([], { TRUSTED_PROXY_HOPS: '-1' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => readServerSettings([], { TRUSTED_PROXY_HOPS: 'all' })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
