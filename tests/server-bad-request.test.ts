// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { declaresTooLargeBody, hasDecodablePath, isSupportedMethod } from '../server/bad-request';

describe('hasDecodablePath (server/main.ts answers 400 before Next.js otherwise)', () => {
  it.each(['/', '/rca', '/produse/c%C4%83l%C4%83torie', '/api/v1/products/rca?x=%c0', '/a%20b', undefined])('accepts %j', (url) => {
    expect(hasDecodablePath(url)).toBe(true);
  });
  it.each(['/%c0%ae', '/api/v1/%c0%ae', '/rca/%E0%A4%A', '/%', '/%zz', '/%ff?x=1'])('refuses %j', (url) => {
    expect(hasDecodablePath(url)).toBe(false);
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
