import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { buildServer, type BuiltServer } from '../src/server';
import { FakeClock, type Clock } from '../src/lib/clock';

export const DEMO_PASSWORD = 'Parola-Demo-2026';

/** Random secrets of this test run (the code has no default secret). */
export const TEST_SECRETS = {
  ADMIN_TOKEN: randomBytes(32).toString('hex'),
  PAYMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  PUSHER_SECRET: randomBytes(32).toString('hex'),
};
export const ADMIN_HEADERS = { 'x-admin-token': TEST_SECRETS.ADMIN_TOKEN };
/** What every loadConfig() of a test needs besides its own settings: the run's secrets, captcha off. */
export const TEST_CONFIG_ENV = { ...TEST_SECRETS, CAPTCHA_ENABLED: 'false' };
export const WEB = 'http://localhost:3000';

export interface TestServer {
  url: string;
  server: BuiltServer;
  config: Config;
  dir: string;
  close(): Promise<void>;
}

/** A server on an ephemeral port with its own temporary database. */
export async function startServer(env: Record<string, string> = {}, clock?: Clock, options: { workers?: boolean; dir?: string } = {}): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'broker-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: '0',
    DATABASE_PATH: path.join(dir, 'test.sqlite'),
    LOG_LEVEL: 'silent',
    WEB_APP_URL: WEB,
    ...TEST_SECRETS,
    CAPTCHA_ENABLED: env.RECAPTCHA_SECRET ? 'true' : 'false',
    // The tests read the mail outbox and drive the clock and faults over /dev (opt-in; production refuses it).
    ...(env.NODE_ENV === 'production' ? {} : { DEV_ENDPOINTS: 'true' }),
    ...env,
  });
  const server = await buildServer(config, { clock, logger: false, workers: options.workers });
  const url = await server.listen();
  return {
    url,
    server,
    config,
    dir,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Res<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  form?: FormData | URLSearchParams;
  raw?: string;
  redirect?: RequestRedirect;
}

export function client(base: string) {
  return async function call<T = any>(method: string, p: string, o: CallOptions = {}): Promise<Res<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined;
    if (o.form) body = o.form;
    else if (o.raw !== undefined) {
      body = o.raw;
      headers['content-type'] ??= 'application/json';
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${p}`, { method, headers, body, redirect: o.redirect ?? 'follow' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  };
}

export type Call = ReturnType<typeof client>;

export async function login(call: Call, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' } });
  if (res.status !== 200 || !res.body.data.access_token) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body.data.access_token as string;
}

let otherCustomers = 0;

/**
 * A signed-in customer other than the demo ones: a fresh account without two-factor, for "another customer's
 * call" checks. (The demo `obligatoriu2fa@exemplu.ro` must set two-factor up first: its calls answer 403
 * `two_factor_setup_required`.)
 */
export async function otherCustomer(call: Call): Promise<string> {
  otherCustomers += 1;
  const email = `alt.client.${process.pid}.${otherCustomers}@exemplu.ro`;
  const password = 'Parola-Alt-Client-7';
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password, password_confirmation: password, is_default_password: false, token: '' },
  });
  if (res.status !== 201 || !res.body.data.access_token) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body.data.access_token as string;
}

/** Field → messages map of a 422 answer. */
export function fields(res: Res): Record<string, string[]> {
  return JSON.parse(res.body.error.message);
}

/** Mails delivered to `to`, newest first: delivers what the mail outbox has queued first (POST /dev/mail-queue/deliver). */
export async function outbox(call: Call, to: string): Promise<{ subject: string; text: string; attachments: { filename: string }[] }[]> {
  await call('POST', '/dev/mail-queue/deliver');
  const res = await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  return res.body.data;
}

export { FakeClock };

/** A Bucharest calendar day n days from the clock's now. */
export function dayFromNow(clock: Clock | null, n: number): string {
  const now = clock ? clock.now() : new Date();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function rcaInput(overrides: Record<string, unknown> = {}, clock: Clock | null = null) {
  return {
    registration_plate: 'B123ABC',
    vin: 'WVWZZZ1JZXW000001',
    vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
    owner: { type: 'person', cnp: '1850615400011', driving_licence_date: '2005-07-01' },
    start_date: dayFromNow(clock, 1),
    period_months: 12,
    ...overrides,
  };
}
