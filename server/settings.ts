import { z } from 'zod';
import { parseSettings } from '@/lib/config/env';
import type { PageCacheSettings } from './page-cache';
import type { HttpServerLimits } from './http-server';

/** Settings of the web server (server/main.ts), from its arguments and the environment; listed in .env.example. */
export type ServerSettings = {
  /** `--dev` (`npm run dev`): Next.js in development mode (compiles on demand, hot reload), no page cache. */
  dev: boolean;
  port: number;
  /** undefined = every interface, like `next start`. */
  host: string | undefined;
  cache: PageCacheSettings;
  /** gzip level of the HTML pages this server compresses: from the cache, and rendered navigations (0 = never). */
  gzipLevel: number;
  /** How far V8 lets the old generation grow past what survived the last full collection, in % (0 = V8's own). */
  heapGrowingPercent: number;
  /** Full garbage collection after this long without requests following a busy period (0 = never). */
  idleGcMs: number;
  /** Proxies in front of this server whose X-Forwarded-For entry is believed (0 = the socket address). */
  trustedProxyHops: number;
  /** SIGTERM: how long in-flight requests get to finish before the remaining connections are cut. */
  drainMs: number;
  /** Slow and piling clients (server/http-server.ts): request and header deadlines, open connections per client and in all. */
  limits: Omit<HttpServerLimits, 'trustedProxyHops'>;
};

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  PORT: int(1, 65535, 3000),
  HOST: z.string().optional(),
  PAGE_CACHE_TTL_MS: int(0, 60_000, 1000),
  PAGE_CACHE_STALE_MS: int(0, 60_000, 5000),
  PAGE_CACHE_MAX_ENTRIES: int(0, 100_000, 500),
  PAGE_CACHE_MAX_BODY_KB: int(1, 10_240, 512),
  PAGE_CACHE_GZIP_LEVEL: int(0, 9, 6),
  WEB_HEAP_GROWING_PERCENT: int(0, 300, 150),
  WEB_IDLE_GC_MS: int(0, 3_600_000, 5000),
  TRUSTED_PROXY_HOPS: int(0, 10, 0),
  SHUTDOWN_DRAIN_MS: int(0, 600_000, 15_000),
  WEB_REQUEST_TIMEOUT_MS: int(1000, 600_000, 30_000),
  WEB_HEADERS_TIMEOUT_MS: int(1000, 600_000, 20_000),
  WEB_MAX_CONNECTIONS_PER_IP: int(0, 1_000_000, 256),
  WEB_MAX_CONNECTIONS: int(0, 1_000_000, 4096),
  /** Read by lib/server/log.ts; validated here so that a typo stops the server at start-up. */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
}).refine((s) => s.WEB_HEADERS_TIMEOUT_MS <= s.WEB_REQUEST_TIMEOUT_MS, {
  // The headers are part of the request: Node refuses a longer header deadline.
  path: ['WEB_HEADERS_TIMEOUT_MS'],
  message: 'must not be longer than WEB_REQUEST_TIMEOUT_MS',
});

function argument(args: string[], names: string[]): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    if (names.includes(args[i])) return args[i + 1];
    const inline = names.find((name) => args[i].startsWith(`${name}=`));
    if (inline) return args[i].slice(inline.length + 1);
  }
  return undefined;
}

export function readServerSettings(args: string[], env: Record<string, string | undefined>): ServerSettings {
  const port = argument(args, ['-p', '--port']);
  const host = argument(args, ['-H', '--hostname']);
  const s = parseSettings(schema, { ...env, PORT: port ?? env.PORT, HOST: host ?? env.HOST }, 'Invalid web server settings');
  return {
    dev: args.includes('--dev'),
    port: s.PORT,
    host: s.HOST,
    cache: {
      ttlMs: s.PAGE_CACHE_TTL_MS,
      staleMs: s.PAGE_CACHE_STALE_MS,
      maxEntries: s.PAGE_CACHE_MAX_ENTRIES,
      maxBodyBytes: s.PAGE_CACHE_MAX_BODY_KB * 1024,
    },
    gzipLevel: s.PAGE_CACHE_GZIP_LEVEL,
    heapGrowingPercent: s.WEB_HEAP_GROWING_PERCENT,
    idleGcMs: s.WEB_IDLE_GC_MS,
    trustedProxyHops: s.TRUSTED_PROXY_HOPS,
    drainMs: s.SHUTDOWN_DRAIN_MS,
    limits: {
      requestTimeoutMs: s.WEB_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: s.WEB_HEADERS_TIMEOUT_MS,
      maxConnectionsPerIp: s.WEB_MAX_CONNECTIONS_PER_IP,
      maxConnections: s.WEB_MAX_CONNECTIONS,
    },
  };
}
