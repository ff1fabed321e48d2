import { z } from 'zod';
import { insecureOriginReason, isDeployment, isSwitchedOff, reusedSecretReasons, unsafeSecretReason } from './secret-rules';

/**
 * Web app settings, read once from the environment and validated at start-up
 * (instrumentation.ts calls getServerEnv()). Every setting is listed in .env.example.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Base URL of the broker API (SPEC §7 calls, pusher auth). */
  BACKEND_API_URL: z.url().default('http://127.0.0.1:4000'),
  /** Base URL of the products service ({products host}). */
  PRODUCTS_API_URL: z.url().default('http://127.0.0.1:4000'),
  /** Public origin of this web app (return URLs, Origin checks). */
  WEB_APP_URL: z.url().default('http://localhost:3000'),
  /**
   * Secret that signs the two-factor session state cookie: required in production (32+ random characters).
   * No default: local runs get one from .data/local-secrets.env (scripts/local-secrets.mjs).
   */
  SESSION_SECRET: z.string().default(''),
  /** Whether session cookies are Secure and __Host- prefixed. Defaults to true in production. */
  SESSION_COOKIE_SECURE: booleanFlag.optional(),
  RECAPTCHA_SITE_KEY: z.string().default(''),
  /** `false` switches captcha off explicitly; production needs it or RECAPTCHA_SITE_KEY. */
  CAPTCHA_ENABLED: booleanFlag.optional(),
  /** Refused in production: the reference backend's /dev endpoints (same .env as the backend). */
  DEV_ENDPOINTS: z.string().optional(),
  /** Refused in production: the reference backend's credential-free Google sign-in (same .env as the backend). */
  DEV_GOOGLE_SIGN_IN: z.string().optional(),
  /** Refused in production: the reference backend's dev fault point (same .env as the backend). */
  DEV_CRASH_AFTER_COMMIT: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().default(''),
  PUSHER_KEY: z.string().default('local-key'),
  PUSHER_CLUSTER: z.string().default('eu'),
  /** Empty for Pusher's own service; a host for a Pusher-protocol server (the reference backend). */
  PUSHER_WS_HOST: z.string().default('127.0.0.1'),
  PUSHER_WS_PORT: z.coerce.number().int().positive().default(4000),
  PUSHER_FORCE_TLS: booleanFlag.default(false),
  ANALYTICS_ENABLED: booleanFlag.default(false),
  ANALYTICS_DOMAIN: z.string().default('localhost'),
  /** Every call to the backend gives up after this long (504 with the Romanian error); queue wait included. */
  BACKEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** At most this many calls to the backend at once per web process; more wait in a queue… */
  BACKEND_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  /** …of at most this many; beyond it a call is refused at once (503 with Retry-After). */
  BACKEND_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(256),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

let cached: ServerEnv | null = null;

/**
 * Parses settings from an environment-like source with a zod schema; empty strings count as unset, so that
 * `KEY=` in .env keeps the default. Throws one readable error listing every bad setting under `title`.
 */
export function parseSettings<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
  title = 'Invalid configuration',
): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`${title}:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The settings, refusing unsafe ones in production (issue 13): a missing, placeholder or short SESSION_SECRET,
 * SESSION_SECRET equal to a backend secret this process can see, the dev endpoints or the dev fault point switched on, captcha neither configured nor explicitly off, a public
 * origin (WEB_APP_URL) that is not https:// (localhost excepted), session cookies switched to non-Secure on an
 * https:// origin. One error names them all. Held to them: NODE_ENV=production, and a run without NODE_ENV whose
 * public origin is beyond this machine (scripts/deployment.mjs).
 */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const env = parseSettings(serverEnvSchema, source);
  const problems: string[] = [];
  if (isDeployment(source)) {
    const reason = env.SESSION_SECRET ? unsafeSecretReason(env.SESSION_SECRET) : 'required (a random secret of 32+ characters)';
    if (reason) problems.push(`  SESSION_SECRET: ${reason}`);
    // The backend's secrets are not settings of the web app, but the one .env of npm start gives it them too.
    for (const line of reusedSecretReasons({ ...source, SESSION_SECRET: env.SESSION_SECRET })) problems.push(`  ${line}`);
    if (env.CAPTCHA_ENABLED === undefined && !env.RECAPTCHA_SITE_KEY) {
      problems.push('  RECAPTCHA_SITE_KEY: captcha is not configured; set RECAPTCHA_SITE_KEY or switch captcha off with CAPTCHA_ENABLED=false');
    }
    if (env.CAPTCHA_ENABLED === true && !env.RECAPTCHA_SITE_KEY) problems.push('  RECAPTCHA_SITE_KEY: required when CAPTCHA_ENABLED=true');
    if (env.DEV_ENDPOINTS && !isSwitchedOff(env.DEV_ENDPOINTS)) problems.push('  DEV_ENDPOINTS: development endpoints must be off in production');
    if (env.DEV_GOOGLE_SIGN_IN && !isSwitchedOff(env.DEV_GOOGLE_SIGN_IN)) {
      problems.push('  DEV_GOOGLE_SIGN_IN: development Google tokens sign in without a credential; leave it empty in production');
    }
    if (env.DEV_CRASH_AFTER_COMMIT) problems.push('  DEV_CRASH_AFTER_COMMIT: a development fault point; leave it empty in production');
    const origin = insecureOriginReason(env.WEB_APP_URL);
    if (origin) problems.push(`  WEB_APP_URL: ${origin}`);
    if (env.SESSION_COOKIE_SECURE === false && new URL(env.WEB_APP_URL).protocol === 'https:') {
      problems.push('  SESSION_COOKIE_SECURE: session cookies must be Secure on an https:// origin; leave it empty or set true');
    }
  }
  if (problems.length > 0) throw new Error(`Unsafe production configuration, refusing to start:\n${problems.join('\n')}`);
  // Outside production without a secret (a bare `next dev`): a random one for this process, never a fixed value.
  if (!env.SESSION_SECRET) env.SESSION_SECRET = randomSecret();
  return env;
}

function randomSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** True when pages ask reCAPTCHA for tokens: a site key is set and captcha is not switched off. */
export function captchaEnabled(env: ServerEnv): boolean {
  return Boolean(env.RECAPTCHA_SITE_KEY) && env.CAPTCHA_ENABLED !== false;
}

export function getServerEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Settings the browser may know, passed from the root layout to the client providers (runtime config). */
export type PublicConfig = {
  recaptchaSiteKey: string;
  googleClientId: string;
  pusher: { key: string; cluster: string; wsHost: string; wsPort: number; forceTLS: boolean };
  analytics: { enabled: boolean; domain: string };
};

export function getPublicConfig(): PublicConfig {
  const env = getServerEnv();
  return {
    recaptchaSiteKey: captchaEnabled(env) ? env.RECAPTCHA_SITE_KEY : '',
    googleClientId: env.GOOGLE_CLIENT_ID,
    pusher: {
      key: env.PUSHER_KEY,
      cluster: env.PUSHER_CLUSTER,
      wsHost: env.PUSHER_WS_HOST,
      wsPort: env.PUSHER_WS_PORT,
      forceTLS: env.PUSHER_FORCE_TLS,
    },
    analytics: { enabled: env.ANALYTICS_ENABLED, domain: env.ANALYTICS_DOMAIN },
  };
}
