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
