import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS } from './lib/proxy/security-headers';
import { SECRET_LINK_PARAMS, SECRET_LINK_REFERRER_POLICY } from './lib/proxy/secret-links';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Deploy guard (SPEC §4): the client polls /builds/latest.json, which answers this build id.
  generateBuildId: async () => process.env.BUILD_ID || `build-${Date.now().toString(36)}`,
  // Pages get these plus a nonce CSP from proxy.ts; API responses and other files get them here.
  async headers() {
    return [
      { source: '/((?!_next/static/).*)', headers: [...STATIC_SECURITY_HEADERS] },
      // A page opened from a mailed link sends its token in no Referer (the later rule wins; proxy.ts does the same).
      ...SECRET_LINK_PARAMS.map((key) => ({
        source: '/((?!_next/static/).*)',
        has: [{ type: 'query' as const, key }],
        headers: [{ key: 'Referrer-Policy', value: SECRET_LINK_REFERRER_POLICY }],
      })),
      // Hashed build files (scripts, styles, fonts) need only nosniff: framing, referrer and permission policies
      // and HSTS act through documents, which carry them. A page loads a dozen of these on every first visit,
      // and the five page headers were 281 bytes on each (issue 17).
      { source: '/_next/static/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
    ];
  },
};

export default nextConfig;
