// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasDecodablePath } from '../server/bad-request';

describe('hasDecodablePath (server/main.ts answers 400 before Next.js otherwise)', () => {
  it.each(['/', '/rca', '/produse/c%C4%83l%C4%83torie', '/api/v1/products/rca?x=%c0', '/a%20b', undefined])('accepts %j', (url) => {
    expect(hasDecodablePath(url)).toBe(true);
  });
  it.each(['/%c0%ae', '/api/v1/%c0%ae', '/rca/%E0%A4%A', '/%', '/%zz', '/%ff?x=1'])('refuses %j', (url) => {
    expect(hasDecodablePath(url)).toBe(false);
  });
});
