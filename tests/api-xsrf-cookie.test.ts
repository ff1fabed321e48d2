import { afterEach, describe, expect, it } from 'vitest';
import { readXsrfToken } from '@/lib/api/xsrf';

function clearCookies() {
  for (const name of ['XSRF-TOKEN', 'other', 'OLD-XSRF-TOKEN']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

afterEach(clearCookies);

describe('readXsrfToken (browser cookie jar)', () => {
  it('reads the decoded XSRF-TOKEN among other cookies', () => {
    document.cookie = 'other=1';
    document.cookie = 'XSRF-TOKEN=abc%3D%3D';
    expect(readXsrfToken()).toBe('abc==');
  });

  it('matches the whole name, and keeps a value that is not valid percent-encoding as it is', () => {
    document.cookie = 'OLD-XSRF-TOKEN=old';
    expect(readXsrfToken()).toBeNull();
    document.cookie = 'XSRF-TOKEN=50%zz';
    expect(readXsrfToken()).toBe('50%zz');
  });

  it('is null when the browser has no XSRF-TOKEN cookie', () => {
    document.cookie = 'other=1';
    expect(readXsrfToken()).toBeNull();
  });
});
