import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The reference backend lives in backend/ and is never bundled into the web app.
  serverExternalPackages: ['better-sqlite3'],
  images: { unoptimized: false },
  // Deploy guard (SPEC §4): the client polls /builds/latest.json, which answers this build id.
  generateBuildId: async () => process.env.BUILD_ID || `build-${Date.now().toString(36)}`,
};

export default nextConfig;
