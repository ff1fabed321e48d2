import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS } from './lib/proxy/security-headers';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Deploy guard (SPEC §4): the client polls /builds/latest.json, which answers this build id.
  generateBuildId: async () => process.env.BUILD_ID || `build-${Date.now().toString(36)}`,
  // Pages get these plus a nonce CSP from proxy.ts; API responses and static files get them here.
  async headers() {
    return [{ source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
