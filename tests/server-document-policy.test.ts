// @vitest-environment node
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_FALLBACK_CSP } from '@/lib/proxy/security-headers';
import { withDocumentPolicy } from '@/server/document-policy';

let server: Server | null = null;

afterEach(async () => {
  server?.close();
  server = null;
});

/** The Content-Security-Policy a server answering with `answer` (behind withDocumentPolicy) sends. */
async function policyOf(answer: (response: ServerResponse) => void): Promise<string | null> {
  server = createServer((_request, response) => {
    withDocumentPolicy(response);
    answer(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/nope`);
  await res.arrayBuffer();
  return res.headers.get('content-security-policy');
}

describe('withDocumentPolicy', () => {
  it('gives an HTML answer without a policy (Next.js 404 on a path proxy.ts skips) the no-script policy', async () => {
    const csp = await policyOf((response) => {
      response.statusCode = 404;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end('<!doctype html><script>alert(1)</script>');
    });
    expect(csp).toBe(DOCUMENT_FALLBACK_CSP);
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("default-src 'none'");
  });

  it('reads the type and policy given to writeHead too', async () => {
    expect(await policyOf((response) => response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>'))).toBe(DOCUMENT_FALLBACK_CSP);
    expect(await policyOf((response) => response.writeHead(200, ['content-type', 'text/html', 'content-security-policy', "script-src 'nonce-a'"]).end('x'))).toBe(
      "script-src 'nonce-a'",
    );
  });

  it('keeps a page policy and leaves answers that are not documents alone', async () => {
    expect(
      await policyOf((response) => {
        response.setHeader('content-type', 'text/html');
        response.setHeader('content-security-policy', "script-src 'nonce-abc' 'strict-dynamic'");
        response.end('<p>page</p>');
      }),
    ).toBe("script-src 'nonce-abc' 'strict-dynamic'");
    expect(
      await policyOf((response) => {
        response.setHeader('content-type', 'application/pdf');
        response.end('%PDF-1.7');
      }),
    ).toBeNull();
    expect(await policyOf((response) => response.end('{}'))).toBeNull();
  });
});
