// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declaresTooLargeBody, dropStaticFilePreconditions, hasDecodablePath, isStaticFileRequest, originFormTarget, isSupportedMethod, listPublicFiles, repeatedSlashLocation } from '../server/bad-request';

describe('hasDecodablePath (server/main.ts answers 400 before Next.js otherwise)', () => {
  it.each(['/', '/rca', '/produse/c%C4%83l%C4%83torie', '/api/v1/products/rca?x=%c0', '/a%20b', undefined])('accepts %j', (url) => {
    expect(hasDecodablePath(url)).toBe(true);
  });
  it.each(['/%c0%ae', '/api/v1/%c0%ae', '/rca/%E0%A4%A', '/%', '/%zz', '/%ff?x=1'])('refuses %j', (url) => {
    expect(hasDecodablePath(url)).toBe(false);
  });
});

describe('originFormTarget (server/main.ts answers 400 when there is none)', () => {
  const HOST = 'shop.example:3000';
  it.each([
    ['/', '/'],
    ['/rca?x=1', '/rca?x=1'],
    // Absolute-form naming this request's own host (HTTP/1.1 servers must accept it): its path.
    ['http://shop.example:3000/faq?a=1', '/faq?a=1'],
    ['HTTP://SHOP.example:3000', '/'],
  ])('%j is %j', (url, target) => {
    expect(originFormTarget(url, HOST)).toBe(target);
  });
  // Absolute-form naming another host made Next.js answer a 308 to it; `*` was a 500.
  it.each(['http://evil.example/faq', 'https://evil.example', 'http://user@shop.example:3000/', 'ftp://shop.example:3000/', '*', 'evil.example:443', '//evil.example/x', '', undefined])(
    'refuses %j',
    (url) => {
      expect(originFormTarget(url, HOST)).toBeNull();
    },
  );
  // Absolute-form of this host whose path starts with `//` (or `/\`, which the URL parser turns into `//`): the
  // protocol-relative target refused in origin form must not come in through it.
  it.each(['http://shop.example:3000//evil.example/x', 'http://shop.example:3000/\\evil.example', 'http://shop.example:3000/\\/evil.example?x=1'])(
    'refuses %j (a path starting with // once reduced)',
    (url) => {
      expect(originFormTarget(url, HOST)).toBeNull();
    },
  );
  it('refuses absolute-form without a Host to compare with', () => {
    expect(originFormTarget('http://shop.example:3000/faq', undefined)).toBeNull();
  });
  // The Host header names the same authority in another spelling: the scheme's default port written out (some
  // clients and proxies send `Host: shop.example:443`), an IPv6 literal not in its shortest form.
  it.each([
    ['http://shop.example/faq', 'shop.example:80'],
    ['http://shop.example:80/faq', 'shop.example'],
    ['https://shop.example/faq', 'shop.example:443'],
    ['http://[::1]:3000/faq', '[0:0::1]:3000'],
  ])('accepts %j with Host %j', (url, host) => {
    expect(originFormTarget(url, host)).toBe('/faq');
  });
  it.each([
    ['http://shop.example/faq', 'shop.example:8080'],
    ['https://shop.example/faq', 'shop.example:80'],
    ['http://shop.example/faq', 'evil.example'],
    ['http://shop.example/faq', 'user@shop.example'],
  ])('still refuses %j with Host %j', (url, host) => {
    expect(originFormTarget(url, host)).toBeNull();
  });
});

describe('repeatedSlashLocation (a link with a slash too many is redirected to its path, never to another host)', () => {
  it.each([
    ['//rca', '/rca'],
    ['//ro//rca?x=//y', '/ro/rca?x=//y'],
    ['//evil.example/faq', '/evil.example/faq'],
    ['///evil.example', '/evil.example'],
    ['//\\evil.example', '/evil.example'],
    ['/\\/evil.example', null],
    ['//', '/'],
  ])('%j → %j', (url, location) => {
    expect(repeatedSlashLocation(url)).toBe(location);
  });
  it.each(['/', '/rca', 'http://evil.example//x', '*', undefined])('nothing for %j', (url) => {
    expect(repeatedSlashLocation(url)).toBeNull();
  });
});

describe('declaresTooLargeBody', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  it('refuses a declared Content-Length over 1 MiB only', () => {
    expect(declaresTooLargeBody(request({ 'content-length': String(1024 * 1024 + 1) }))).toBe(true);
    expect(declaresTooLargeBody(request({ 'content-length': String(1024 * 1024) }))).toBe(false);
    expect(declaresTooLargeBody(request({}))).toBe(false);
  });
});

describe('isSupportedMethod', () => {
  it('answers the methods the app serves only', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(isSupportedMethod(method)).toBe(true);
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'FOO', 'get', undefined]) expect(isSupportedMethod(method)).toBe(false);
  });
});

describe('static files (server/main.ts answers them whole, and 405 to a write)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'public-'));
  mkdirSync(path.join(dir, 'images', 'broker'), { recursive: true });
  writeFileSync(path.join(dir, 'favicon.ico'), 'x');
  writeFileSync(path.join(dir, 'images', 'broker', 'logo ro.svg'), '<svg/>');
  const files = listPublicFiles(dir);

  it('lists public/ as URLs name its files', () => {
    expect([...files].sort()).toEqual(['/favicon.ico', '/images/broker/logo ro.svg']);
  });

  it.each(['/_next/static/chunks/a.js', '/favicon.ico', '/favicon.ico?v=2', '/images/broker/logo%20ro.svg'])('%j is a static file', (url) => {
    expect(isStaticFileRequest(url, files)).toBe(true);
  });

  it.each(['/', '/faq', '/images/broker', '/images/broker/other.svg', '/api/v1/products', '/_next/data/x.json', '/%c0'])('%j is not', (url) => {
    expect(isStaticFileRequest(url, files)).toBe(false);
  });

  it('drops Range and the preconditions only', () => {
    const request = { headers: { range: 'bytes=9-', 'if-range': 'x', 'if-match': '"a"', 'if-unmodified-since': 'x', 'if-none-match': '"b"', accept: '*/*' } } as unknown as IncomingMessage;
    dropStaticFilePreconditions(request);
    expect(request.headers).toEqual({ 'if-none-match': '"b"', accept: '*/*' });
  });
});
