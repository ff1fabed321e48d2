import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { withLocalSecrets } from '../../scripts/local-secrets.mjs';
import { insecureOriginReason, isDeployment, isSwitchedOff, MIN_SECRET_LENGTH, reusedSecretReasons, unsafeSecretReason } from '../../lib/config/secret-rules';

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const s = v.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(s)) return true;
      if (['0', 'false', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: 'expected true/false' });
      return z.NEVER;
    });

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** `a, b/cidr, loopback` → the list proxy-addr compiles; `none` → []. */
function trustedProxyList(value: string, ctx: z.RefinementCtx): string[] {
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 1 && list[0] === 'none') return [];
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const cidrOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    if (!PROXY_KEYWORDS.includes(entry) && (extra !== undefined || family === 0 || !cidrOk)) {
      ctx.addIssue({ code: 'custom', message: `not an address, CIDR, loopback, linklocal, uniquelocal or none: ${entry}` });
      return z.NEVER;
    }
    // A /0 network believes anyone's X-Forwarded-For: every client could choose its IP (throttles, stored IPs).
    // So does every network wide enough to hold much of the internet: two halves, ::ffff:0:0/96 (every IPv4
    // client, as proxy-addr matches them), 2000::/3.
    if (bits !== undefined && tooWideToTrust(address, Number(bits), family)) {
      ctx.addIssue({ code: 'custom', message: `${entry} trusts every peer or most of the internet; list the web app's addresses instead` });
      return z.NEVER;
    }
  }
  return list;
}

/** Private networks a trusted range may span whole: only a deployment's own machines have these addresses. */
const PRIVATE_NETWORKS: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['10.0.0.0', 8, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * True when `address/bits` holds public addresses and is wider than a /16 (IPv4) or a /32 (IPv6): such a range is
 * not the web app's address but a wildcard. An IPv4-mapped IPv6 range counts as the IPv4 range it matches.
 */
function tooWideToTrust(address: string, bits: number, family: number): boolean {
  if (bits === 0) return true;
  let ip = address;
  let kind: 'ipv4' | 'ipv6' = family === 4 ? 'ipv4' : 'ipv6';
  let prefix = bits;
  if (kind === 'ipv6' && bits >= 96 && IPV4_MAPPED.check(address, 'ipv6')) {
    const groups = new URL(`http://[${address}]`).hostname.slice(1, -1).split(':');
    const low = parseInt(groups.at(-1) ?? '0', 16);
    const high = parseInt(groups.at(-2) ?? '0', 16);
    ip = [high >> 8, high & 255, low >> 8, low & 255].join('.');
    kind = 'ipv4';
    prefix = bits - 96;
  }
  if (prefix >= (kind === 'ipv4' ? 16 : 32)) return false;
  return !PRIVATE_NETWORKS.some(([network, size, type]) => {
    if (type !== kind || prefix < size) return false;
    const list = new BlockList();
    list.addSubnet(network, size, type);
    return list.check(ip, type);
  });
}

const envSchema = z.object({
  /**
   * Exactly one of these (as the web app's): anything else (`Production`, `prod`) ran as development, without any
   * of the production checks. No dev-only capability follows from it: each has its own opt-in switch.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BACKEND_HOST: z.string().min(1).default('127.0.0.1'),
  BACKEND_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Public base URL of this API as a browser reaches it (payment processor pages); default from host/port. */
  BACKEND_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_PATH: z.string().min(1).default('.data/broker.sqlite'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secrets: no default anywhere in the code (local runs generate them: scripts/local-secrets.mjs). */
  ADMIN_TOKEN: z.string().default(''),
  PAYMENT_SIGNING_SECRET: z.string().default(''),
  PUSHER_APP_ID: z.string().min(1).default('local-app'),
  PUSHER_KEY: z.string().min(1).default('local-key'),
  PUSHER_SECRET: z.string().default(''),
  RECAPTCHA_SECRET: z.string().default(''),
  /** `false` switches captcha off explicitly; otherwise RECAPTCHA_SECRET must be set. */
  CAPTCHA_ENABLED: bool(true),
  /** reCAPTCHA siteverify endpoint (a local stand-in in tests). */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  GOOGLE_CLIENT_ID: z.string().default(''),
  /** Google's ID-token signing keys (JWKS; a local stand-in in tests). */
  GOOGLE_CERTS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TWO_FACTOR_ENABLED: bool(true),
  /**
   * SPEC §4's inactivity hour at the backend: a session unused for this long is over (a closed tab's token included).
   * The tab ends its session after exactly 1 hour without activity and tells the backend of activity every 5 minutes;
   * 70 minutes (the hour, that interval and the minute `last_used_at` may lag) never cuts a session the tab keeps.
   */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5).max(30 * 24 * 60).default(70),
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().min(1).default('Broker Online <nu-raspunde@broker.example>'),
  /**
   * The /dev endpoints (mail outbox with reset links and codes, fault points, movable clock): opt-in, on only with
   * DEV_ENDPOINTS=true (the local launchers and the tests set it), refused in production. Never implied by NODE_ENV:
   * a deployment that forgets NODE_ENV runs as development and must not serve them.
   */
  DEV_ENDPOINTS: bool(false),
  /**
   * Development Google sign-in: `dev-google:<email>` tokens sign in as that email without any credential. Off
   * unless switched on explicitly (the backend's own tests), refused in production: a local `npm start` serves
   * the shop on a public port, and its BFF forwards the Google call.
   */
  DEV_GOOGLE_SIGN_IN: bool(false),
  /** Dev fault point: the process SIGKILLs itself right after a write to this path commits (needs the /dev endpoints). */
  DEV_CRASH_AFTER_COMMIT: z.preprocess(emptyToUndefined, z.string().startsWith('/').max(500).optional()),
  /** Simulated processor: seconds between IPN delivery attempts (the last one repeats). */
  PAYMENT_IPN_RETRY_SCHEDULE: z
    .preprocess(emptyToUndefined, z.string().default('5,30,120,600,3600,10800'))
    .pipe(z.string().regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'a comma-separated list of whole seconds, e.g. 5,30,120'))
    .transform((s) => s.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().min(1).max(86_400)).min(1).max(50)),
  /** Simulated processor: IPN delivery attempts (the first one included) before it gives up. */
  PAYMENT_IPN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(30),
  /** Simulated processor: a checkout not answered within this many seconds expires. */
  PAYMENT_CHECKOUT_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 86_400).default(900),
  /** Reconciliation: orders whose last payment started longer ago than this are asked about. */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(1800),
  /** Reconciliation: how often the job runs. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Reconciliation: payments of orders whose last payment started within this many days are asked about. */
  PAYMENT_RECONCILE_WINDOW_DAYS: z.coerce.number().int().min(1).max(366).default(14),
  WEB_APP_URL: z.url().default('http://localhost:3000'),
  /**
   * Peers whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated; `loopback`, `none`): the web
   * app's BFF, which runs on the same host in the reference setup.
   */
  BACKEND_TRUSTED_PROXIES: z.preprocess(emptyToUndefined, z.string().default('loopback')).transform(trustedProxyList),
  /** A request whose headers and body have not all arrived after this long is answered 408 and its connection closed. */
  BACKEND_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** SIGTERM: how long in-flight requests get to finish before the remaining connections are cut. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** How often each process looks for realtime events other processes published (realtime/bus.ts). */
  REALTIME_POLL_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  /** How long published realtime events stay in the database before they are purged. */
  REALTIME_RETENTION_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(600_000),
  /**
   * Data retention (backend/README.md "Data retention"): how often the purge job runs, and how long the rows that
   * are only a log are kept once they are over, and how long cookie-consent records and contact messages are kept.
   * Orders, payments, policies and invoices are never purged.
   */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** A session is deleted this many days after it expired or was revoked (never a live one). */
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** A password reset or welcome link is deleted this many days after it was used (or voided) or expired. */
  RETENTION_PASSWORD_RESETS_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** A sent mail (its queue row and its stored copy) is deleted this many days after it was sent; unsent mail never. */
  RETENTION_SENT_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Analytics events are deleted this many days after they were recorded. */
  RETENTION_ANALYTICS_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** At most this many analytics events are kept: the oldest beyond it are deleted. */
  RETENTION_ANALYTICS_MAX_EVENTS: z.coerce.number().int().min(1000).max(1_000_000_000).default(1_000_000),
  /** A cookie-consent record (the proof of a visitor's choice) is deleted this many days after it was given. */
  RETENTION_COOKIE_CONSENTS_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  /** A contact-form message (with its sender's name, email, phone and IP) is deleted this many days after it came. */
  RETENTION_CONTACT_MESSAGES_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  /**
   * Quotes no order uses kept at most (modules/quotes/service.ts): anyone may ask for one (~6.6 KB each). At the cap
   * expired ones make room, else anonymous callers get 503 `quotes_busy`; sessions past the second factor get up to 5%
   * more. 200,000 ≈ 1.3 GB, 2.3 quotes a second all day long (a quote counts for its 24 h).
   */
  QUOTES_MAX_UNUSED: z.coerce.number().int().min(10).max(100_000_000).default(200_000),
  /** Policy and invoice PDFs rendered at once for downloads (pdf/render-gate.ts); past it a download gets 503. */
  PDF_MAX_CONCURRENT_RENDERS: z.coerce.number().int().min(1).max(64).default(2),
  /** Rendered download PDFs kept in memory, per document content, in MiB (0 = none: every download renders). */
  PDF_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: string;
  host: string;
  port: number;
  publicUrl: string | null;
  databasePath: string;
  logLevel: Env['LOG_LEVEL'];
  adminToken: string;
  paymentSigningSecret: string;
  pusher: { appId: string; key: string; secret: string };
  /** True when captcha tokens are checked (RECAPTCHA_SECRET set); false only when CAPTCHA_ENABLED=false. */
  captchaEnabled: boolean;
  recaptchaSecret: string;
  googleClientId: string;
  googleCertsUrl: string;
  recaptchaVerifyUrl: string;
  twoFactorEnabled: boolean;
  /** A session not used for this long is refused (lib/auth.ts). */
  sessionIdleMs: number;
  smtpUrl: string;
  mailFrom: string;
  /** The /dev endpoints are served (DEV_ENDPOINTS=true, never in production). */
  devEndpoints: boolean;
  /** `dev-google:<email>` tokens accepted (DEV_GOOGLE_SIGN_IN, never in production). */
  devGoogleSignIn: boolean;
  devCrashAfterCommit: string | null;
  payments: {
    ipnRetryScheduleSeconds: number[];
    ipnMaxAttempts: number;
    checkoutTtlSeconds: number;
    reconcileAfterSeconds: number;
    reconcileIntervalSeconds: number;
    reconcileWindowDays: number;
  };
  webAppUrl: string;
  /** proxy-addr trust list for X-Forwarded-For (empty: the socket address is the client). */
  trustedProxies: string[];
  /** Slow clients: the time a request's headers and body get to arrive (headers: at most 60 s of it). */
  requestTimeoutMs: number;
  shutdownDrainMs: number;
  realtimePollMs: number;
  realtimeRetentionMs: number;
  /** Data retention (modules/retention/service.ts): the purge job's interval and the retention periods. */
  retention: {
    intervalMs: number;
    sessionsDays: number;
    passwordResetsDays: number;
    sentMailDays: number;
    analyticsDays: number;
    analyticsMaxEvents: number;
    cookieConsentsDays: number;
    contactMessagesDays: number;
  };
  /** Downloads' PDF renders (pdf/render-gate.ts): renders at once, and the bytes of rendered PDFs kept. */
  pdf: { maxConcurrentRenders: number; cacheBytes: number };
  /** Stored quotes no order uses (modules/quotes/service.ts): the cap for everyone, and the ceiling above it. */
  quotes: { maxUnused: number; ceilingUnused: number };
}

export class ConfigError extends Error {}

/** Secret settings of the backend: each a random value of at least this length, never a known default. */
export const SECRET_SETTINGS = ['ADMIN_TOKEN', 'PAYMENT_SIGNING_SECRET', 'PUSHER_SECRET'] as const;

/** Reads and validates the backend settings from an environment object (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `KEY=` (empty) counts as unset, as in .env.example.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems: string[] = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  // NODE_ENV=production, or no NODE_ENV and a public origin beyond this machine (a deployment that forgot it).
  const production = isDeployment(cleaned);
  // Checked on the raw values, so that one message names every offending setting.
  for (const name of SECRET_SETTINGS) {
    const value = cleaned[name];
    if (!value) problems.push(`  ${name}: required (a random secret of ${MIN_SECRET_LENGTH}+ characters)`);
    else if (production) {
      const reason = unsafeSecretReason(value);
      if (reason) problems.push(`  ${name}: ${reason}`);
    }
  }
  // One value for two secrets (the web app's SESSION_SECRET included when the one .env of npm start holds it).
  if (production) for (const line of reusedSecretReasons(cleaned)) problems.push(`  ${line}`);
  if (!isSwitchedOff(cleaned.CAPTCHA_ENABLED) && !cleaned.RECAPTCHA_SECRET) {
    problems.push('  RECAPTCHA_SECRET: captcha is not configured; set RECAPTCHA_SECRET or switch captcha off with CAPTCHA_ENABLED=false');
  }
  if (production && cleaned.DEV_ENDPOINTS && !isSwitchedOff(cleaned.DEV_ENDPOINTS)) {
    problems.push('  DEV_ENDPOINTS: development endpoints must be off in production');
  }
  if (production && cleaned.DEV_GOOGLE_SIGN_IN && !isSwitchedOff(cleaned.DEV_GOOGLE_SIGN_IN)) {
    problems.push('  DEV_GOOGLE_SIGN_IN: development Google tokens sign in without a credential; leave it empty in production');
  }
  if (production && cleaned.DEV_CRASH_AFTER_COMMIT) {
    problems.push('  DEV_CRASH_AFTER_COMMIT: a development fault point; leave it empty in production');
  }
  // The shop's links in mail and the payment return URLs: its cookies are Secure, so its origin is https://.
  const webOriginProblem = production && parsed.success ? insecureOriginReason(parsed.data.WEB_APP_URL) : null;
  if (webOriginProblem) problems.push(`  WEB_APP_URL: ${webOriginProblem}`);
  // Google's signing keys and reCAPTCHA's verdicts decide who signs in and who passes the captcha: over plain http
  // anyone on the path answers them (their own keys: a Google sign-in as any address). The processor pages at
  // BACKEND_PUBLIC_URL take card numbers. Loopback stand-ins stay (a production build run on this machine).
  if (production && parsed.success) {
    for (const name of ['GOOGLE_CERTS_URL', 'RECAPTCHA_VERIFY_URL', 'BACKEND_PUBLIC_URL'] as const) {
      const url = parsed.data[name];
      if (url && insecureOriginReason(url)) problems.push(`  ${name}: must be an https:// URL in production (http:// only for localhost)`);
    }
  }
  if (problems.length > 0 || !parsed.success) {
    const title = production ? 'Unsafe production configuration' : 'Invalid backend configuration';
    throw new ConfigError(`${title}, refusing to start:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.BACKEND_HOST,
    port: e.BACKEND_PORT,
    publicUrl: e.BACKEND_PUBLIC_URL ?? null,
    databasePath: e.DATABASE_PATH,
    logLevel: e.LOG_LEVEL,
    adminToken: e.ADMIN_TOKEN,
    paymentSigningSecret: e.PAYMENT_SIGNING_SECRET,
    pusher: { appId: e.PUSHER_APP_ID, key: e.PUSHER_KEY, secret: e.PUSHER_SECRET },
    captchaEnabled: e.CAPTCHA_ENABLED,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleCertsUrl: e.GOOGLE_CERTS_URL,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    twoFactorEnabled: e.TWO_FACTOR_ENABLED,
    sessionIdleMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devEndpoints: !production && e.DEV_ENDPOINTS,
    devGoogleSignIn: !production && e.DEV_GOOGLE_SIGN_IN,
    devCrashAfterCommit: e.DEV_CRASH_AFTER_COMMIT ?? null,
    payments: {
      ipnRetryScheduleSeconds: e.PAYMENT_IPN_RETRY_SCHEDULE,
      ipnMaxAttempts: e.PAYMENT_IPN_MAX_ATTEMPTS,
      checkoutTtlSeconds: e.PAYMENT_CHECKOUT_TTL_SECONDS,
      reconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS,
      reconcileWindowDays: e.PAYMENT_RECONCILE_WINDOW_DAYS,
    },
    webAppUrl: e.WEB_APP_URL.replace(/\/+$/, ''),
    trustedProxies: e.BACKEND_TRUSTED_PROXIES,
    requestTimeoutMs: e.BACKEND_REQUEST_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    realtimePollMs: e.REALTIME_POLL_MS,
    realtimeRetentionMs: e.REALTIME_RETENTION_MS,
    retention: {
      intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
      passwordResetsDays: e.RETENTION_PASSWORD_RESETS_DAYS,
      sentMailDays: e.RETENTION_SENT_MAIL_DAYS,
      analyticsDays: e.RETENTION_ANALYTICS_DAYS,
      analyticsMaxEvents: e.RETENTION_ANALYTICS_MAX_EVENTS,
      cookieConsentsDays: e.RETENTION_COOKIE_CONSENTS_DAYS,
      contactMessagesDays: e.RETENTION_CONTACT_MESSAGES_DAYS,
    },
    pdf: { maxConcurrentRenders: e.PDF_MAX_CONCURRENT_RENDERS, cacheBytes: e.PDF_CACHE_MB * 1024 * 1024 },
    quotes: { maxUnused: e.QUOTES_MAX_UNUSED, ceilingUnused: e.QUOTES_MAX_UNUSED + Math.ceil(e.QUOTES_MAX_UNUSED / 20) },
  };
}

/**
 * Loads `.env` from the working directory when present (existing variables win). In a local run, the
 * secrets still missing then come from `.data/local-secrets.env`, generated on the first local start and
 * shared with the web app (scripts/local-secrets.mjs); a deployment must set its own and never gets these.
 */
export function loadDotEnv(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch {
    // No .env file: defaults apply.
  }
  Object.assign(process.env, withLocalSecrets(process.env));
}
