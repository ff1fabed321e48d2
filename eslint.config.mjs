import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // API modules return data and throw ApiError; the hooks and use cases that call them update the stores
    // (README "Layout"). A store import here would be an arrow running back up the layers.
    files: ['lib/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/stores', '@/stores/*', '**/stores/*'],
              message: 'lib/api returns data: update stores in the calling hook or use case (lib/session/*, components/**/use-*.ts).',
            },
            {
              // The use cases that update stores call lib/api, never the other way round (the error catalogue's
              // logout is registered by the app: onSessionRefused in lib/api/client.ts).
              group: ['@/lib/session/end-session', '@/lib/session/sign-in', '@/lib/session/two-factor-providers', '@/lib/shop/product-cache'],
              message: 'lib/api must not call the use cases that update stores; register a handler instead (see onSessionRefused).',
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    '**/.next/**',
    'out/**',
    'next-env.d.ts',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'bench-results/**',
    '.data/**',
    'backend/dist/**',
    'server/dist/**',
  ]),
]);
