// Relative: next.config.ts imports this file, and its loader resolves no path alias in what it imports.
import { pooledRandomBytes } from '../crypto/random-pool';

/**
 * Security headers of every page (issue 7): a per-request nonce CSP that still lets the app, realtime,
 * captcha, Google sign-in and analytics work, plus HSTS, nosniff, referrer and permissions policies.
 */
export type CspOptions = {
  nonce: string;
  dev: boolean;
  /** Realtime endpoint: a Pusher-protocol host (reference backend) or empty for Pusher's own service. */
  pusher: { wsHost: string; wsPort: number; forceTLS: boolean; cluster: string };
  https: boolean;
};

/** 128 random bits, base64: a page's script nonce (proxy.ts, and each answer of the guest page cache). */
export function createNonce(): string {
  const bytes = pooledRandomBytes(16);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function realtimeSources({ wsHost, wsPort, forceTLS, cluster }: CspOptions['pusher']): string[] {
  if (!wsHost) {
    return [`wss://ws-${cluster}.pusher.com`, `https://sockjs-${cluster}.pusher.com`];
  }
  const port = wsPort ? `:${wsPort}` : '';
  return [`${forceTLS ? 'wss' : 'ws'}://${wsHost}${port}`];
}

export function buildCsp(options: CspOptions): string {
  const google = ['https://www.google.com', 'https://www.gstatic.com', 'https://accounts.google.com'];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'strict-dynamic' lets the nonce'd Next.js runtime load its chunks and the captcha/Google scripts.
    'script-src': ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'", ...(options.dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
    'img-src': ["'self'", 'data:', 'blob:', ...google],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...realtimeSources(options.pusher), ...google, ...(options.dev ? ['ws:'] : [])],
    'frame-src': ['https://www.google.com', 'https://recaptcha.google.com', 'https://accounts.google.com'],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/**
 * The policy of a document no page policy was written for: the HTML 404 (or error page) Next.js answers on the paths
 * proxy.ts skips (`/api/…`, `/images/…`, `/_next/static/…`, `/robots.txt`), and any other HTML, SVG or XML answer
 * without a policy of its own. No script at all (there is no nonce to trust one by), the page's styles and images,
 * and the same framing, base and form rules as every page.
 */
export const DOCUMENT_FALLBACK_CSP = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers that do not depend on the request; next.config.ts sends them on every response too. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
];
